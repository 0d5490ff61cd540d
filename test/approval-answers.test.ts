import { expect } from '@open-wc/testing';
import { ApprovalAnswers } from '../src/store/approval-answers.js';
import type { StoreAction } from '../src/store/actions.js';
import type { PipelineModule } from '../src/store/stages-loader.js';
import type { ToolRunnerHost } from '../src/store/tool-runner.js';
import { createInitialState } from '../src/store/reducer.js';

/** A host that records what the answers dispatch; `settle` runs work at once. */
function recordingHost() {
  const actions: StoreAction[] = [];
  const host: ToolRunnerHost = {
    store: {} as ToolRunnerHost['store'],
    tools: new Map(),
    maxFollowUps: 3,
    getState: () => createInitialState('thread-answers'),
    dispatch: (action) => actions.push(action),
    startRun: () => undefined,
    now: () => 42,
    settle: (work) => work(),
  };
  return { host, actions };
}

describe('ApprovalAnswers', () => {
  it('says in the activity log when an answer cannot be given because its runner failed to load, and retries on the next answer', async () => {
    const { host, actions } = recordingHost();
    let loads = 0;
    const answers = new ApprovalAnswers(host, () => {
      loads += 1;
      return Promise.reject(new Error('Failed to fetch dynamically imported module'));
    });
    answers.answer('approval-1', { approved: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actions).to.deep.equal([
      {
        type: 'activity-logged',
        code: 'answerFailed',
        params: { id: 'approval-1', reason: 'Failed to fetch dynamically imported module' },
        at: 42,
      },
    ]);
    answers.answer('approval-1', { approved: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads, 'the next answer loads again').to.equal(2);
    expect(actions).to.have.length(2);
  });

  it('gives answers in order once the runner has loaded', async () => {
    const { host } = recordingHost();
    const given: string[] = [];
    const pipeline = {
      ToolRunner: class {
        answerApproval(id: string) {
          given.push(id);
        }
      },
    } as unknown as PipelineModule;
    const answers = new ApprovalAnswers(host, () => Promise.resolve(pipeline));
    answers.answer('a', { approved: true });
    answers.answer('b', { approved: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(given).to.deep.equal(['a', 'b']);
  });
});
