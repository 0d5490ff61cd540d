// Tool handling: this client's handlers, consent (approvals of tools), and the bounded automatic follow-up runs.
// Loaded with the pipeline; answers given before it has loaded wait in approval-answers.ts.
import { codedFailure } from '../i18n/failures.js';
import type { StoreAction } from './actions.js';
import { consentAnswered, consentPayload } from './approval-answers.js';
import { findToolCall } from './reducer-core.js';
import { mapLanes } from './lane-tools.js';
import type {
  Approval,
  ApprovalAnswer,
  ChatMessage,
  RunKind,
  RunStoreLike,
  RunStoreState,
  ToolCallPart,
  ToolDefinition,
} from './types.js';

/** What the tool runner needs of its store. */
export interface ToolRunnerHost {
  readonly store: RunStoreLike;
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  readonly maxFollowUps: number;
  getState(): RunStoreState;
  dispatch(action: StoreAction): void;
  /** Starts the next run of the conversation (a resume or a follow-up). */
  startRun(kind: Extract<RunKind, 'resume' | 'follow-up'>, byUser: boolean): void;
  now(): number;
  /** Runs work that arrives later (a handler's promise) as one store operation. */
  settle(work: () => void): void;
}

/** The call with this id: in the conversation, else in the subagent block that holds it. */
export function findAnyToolCall(
  messages: readonly ChatMessage[],
  toolCallId: string,
): ToolCallPart | null {
  let found = findToolCall(messages, toolCallId)?.part ?? null;
  mapLanes(messages, (lane) => {
    found ??= findToolCall(lane, toolCallId)?.part ?? null;
    return lane;
  });
  return found;
}

/** Every tool call in these messages of run `run`, the subagents' lanes included. */
export function toolCallsOfRun(messages: readonly ChatMessage[], run: number): ToolCallPart[] {
  const parts: ToolCallPart[] = [];
  for (const message of messages) {
    if (message.run !== run) continue;
    for (const part of message.parts) {
      if (part.kind === 'tool-call') parts.push(part);
      else if (part.kind === 'subagent') parts.push(...toolCallsOfRun(part.messages, run));
    }
  }
  return parts;
}

function answerContent(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs declared tools, answers tool approvals and decides when a finished run continues by itself. */
export class ToolRunner {
  constructor(private readonly host: ToolRunnerHost) {}

  /** A call's arguments arrived: a declared tool that needs no approval runs now. */
  handleCallEnded(toolCallId: string): void {
    const part = findAnyToolCall(this.host.getState().messages, toolCallId);
    const tool = part ? this.host.tools.get(part.name) : undefined;
    if (part && tool && part.status === 'running') this.runHandler(part, tool);
  }

  /** Answers an open approval (not one past its deadline); when every open item has an answer the run goes on. */
  answerApproval(id: string, answer: ApprovalAnswer): void {
    const approval = this.host.getState().approvals.find((item) => item.id === id);
    if (!approval || approval.answer !== null) return;
    const at = this.host.now();
    if (approval.expiresAt && new Date(approval.expiresAt).getTime() <= at && !answer.cancelled) {
      this.host.dispatch({
        type: 'activity-logged',
        code: 'approvalExpired',
        params: { id, time: approval.expiresAt },
        at,
      });
      return;
    }
    this.host.dispatch({ type: 'approval-answered', id, answer, at });
    if (approval.kind === 'tool') this.answerToolApproval(approval, answer);
    this.continueIfAnswered();
  }

  /** The answer to a tool's approval: denied calls are answered at once, approved ones run their handler. */
  answerToolApproval(approval: Approval, answer: ApprovalAnswer): void {
    const toolCallId = approval.toolCallId ?? approval.id;
    const part = findAnyToolCall(this.host.getState().messages, toolCallId);
    const tool = part ? this.host.tools.get(part.name) : undefined;
    if (!answer.approved || !part || !tool) {
      this.host.dispatch(consentAnswered(toolCallId, answer, this.host.now()));
      return;
    }
    this.runHandler(part, tool, consentPayload(answer));
  }

  /** Starts the next run when a finished run left only answered work: approvals or frontend tool results. */
  continueIfAnswered(): void {
    const state = this.host.getState();
    const { run } = state;
    const runTools = toolCallsOfRun(state.messages, run.number);
    if (runTools.some((part) => this.host.tools.has(part.name) && part.status === 'running'))
      return;
    if (run.status === 'Needs approval') {
      const open = state.approvals.some((approval) => approval.answer === null);
      const answered = state.approvals.some((approval) => approval.answer !== null);
      if (!open && answered) this.host.startRun('resume', true);
      return;
    }
    if (run.status !== 'Completed') return;
    const answeredFrontend = runTools.some(
      (part) => part.family === 'frontend' && part.answeredByClient && part.answerPending,
    );
    if (!answeredFrontend) return;
    const limit = this.host.maxFollowUps;
    if (run.followUps >= limit) {
      this.host.dispatch({
        type: 'run-failed',
        failure: codedFailure('Protocol', 'toolLoop', { limit }),
        afterCompletion: true,
        at: this.host.now(),
      });
      return;
    }
    this.host.startRun('follow-up', false);
  }

  /** Runs a declared tool's handler and records its answer (wrapped in the approval payload, if any). */
  private runHandler(
    part: ToolCallPart,
    tool: ToolDefinition,
    approval?: { approved: boolean; comment?: string },
  ): void {
    const finish = (value: unknown, error?: string) => {
      const content =
        approval && !tool.resultAlone
          ? JSON.stringify({ ...approval, ...(error ? { error } : { result: value }) })
          : error
            ? JSON.stringify({ error })
            : answerContent(value);
      this.host.dispatch({
        type: 'tool-answered',
        toolCallId: part.id,
        content,
        status: error ? 'failed' : 'done',
        ...(error ? { error } : {}),
        at: this.host.now(),
      });
      this.continueIfAnswered();
    };
    const fallback = tool.render ? 'rendered' : tool.presentation ? 'done' : null;
    let value: unknown;
    try {
      value = tool.handler
        ? tool.handler(part.args, { store: this.host.store, toolCallId: part.id })
        : fallback;
    } catch (error) {
      finish(undefined, messageOf(error));
      return;
    }
    if (value && typeof (value as Promise<unknown>).then === 'function') {
      (value as Promise<unknown>).then(
        (resolved) => this.host.settle(() => finish(resolved)),
        (error: unknown) => this.host.settle(() => finish(undefined, messageOf(error))),
      );
      return;
    }
    finish(value);
  }
}
