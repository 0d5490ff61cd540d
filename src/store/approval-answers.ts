// The answers a person gives to approvals. The tool runner (handlers, follow-up runs) loads with the pipeline: until
// it has, answers wait in order, and a store holding an open approval starts loading it at once. Cancelling what is
// open (a new Run or Send) needs no handler, so it stays here and answers at once.
import type { StoreAction } from './actions.js';
import type { PipelineModule } from './stages-loader.js';
import type { ToolRunner, ToolRunnerHost } from './tool-runner.js';
import type { ApprovalAnswer, RunStoreState } from './types.js';

/** What a tool call gets back for a consent answer (its handler's result is added when it ran). */
export function consentPayload(answer: ApprovalAnswer) {
  return {
    approved: answer.approved,
    ...(answer.comment ? { comment: answer.comment } : {}),
    ...(answer.cancelled ? { cancelled: true } : {}),
  };
}

/** A tool call answered without its handler: denied, cancelled, or nothing to run. */
export function consentAnswered(
  toolCallId: string,
  answer: ApprovalAnswer,
  at: number,
): StoreAction {
  return {
    type: 'tool-answered',
    toolCallId,
    content: JSON.stringify(consentPayload(answer)),
    status: answer.approved ? 'done' : answer.cancelled ? 'cancelled' : 'denied',
    at,
  };
}

/** Answers every open approval as cancelled (a new Run or Send while approval is pending). */
export function cancelOpenApprovals(
  state: RunStoreState,
  dispatch: (action: StoreAction) => void,
  now: () => number,
): void {
  for (const approval of state.approvals) {
    if (approval.answer !== null) continue;
    const answer: ApprovalAnswer = { approved: false, cancelled: true };
    dispatch({ type: 'approval-answered', id: approval.id, answer, at: now() });
    if (approval.kind === 'tool') {
      dispatch(consentAnswered(approval.toolCallId ?? approval.id, answer, now()));
    }
  }
}

/** A store's way to its tool runner: answers go to it at once when it has loaded, else in order once it has. */
export class ApprovalAnswers {
  /** The loaded runner (it always is once a run's events arrive). */
  runner: ToolRunner | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly host: ToolRunnerHost,
    private readonly load: () => Promise<PipelineModule>,
  ) {}

  /**
   * Gives the answer now, or once the runner has loaded. A runner that fails to load leaves the approval open and
   * says so in the activity log; the next answer tries again.
   */
  answer(id: string, answer: ApprovalAnswer): void {
    const runner = this.runner;
    if (runner) this.host.settle(() => runner.answerApproval(id, answer));
    else
      this.prepare().then(
        () => this.answer(id, answer),
        (error: unknown) =>
          this.host.settle(() =>
            this.host.dispatch({
              type: 'activity-logged',
              code: 'answerFailed',
              params: { id, reason: error instanceof Error ? error.message : String(error) },
              at: this.host.now(),
            }),
          ),
      );
  }

  /** Starts loading the runner when the state holds an approval a person may answer before any run. */
  watch(state: RunStoreState): void {
    if (!this.runner && state.approvals.some((approval) => approval.answer === null)) {
      this.prepare().catch(() => undefined);
    }
  }

  /** The pipeline has loaded (for a run, or for an answer): the runner exists from now on. */
  ready(pipeline: PipelineModule): void {
    this.runner ??= new pipeline.ToolRunner(this.host);
  }

  /** Loads the runner once; after a failure the next answer tries again (the next run reports the failure). */
  private prepare(): Promise<void> {
    this.loading ??= this.load().then(
      (pipeline) => this.ready(pipeline),
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }
}
