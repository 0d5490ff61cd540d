import { expect } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { RunStore } from '../src/store/run-store.js';
import {
  finished,
  scriptedAgent,
  started,
  untilRuns,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import {
  answer,
  button,
  buttonsNamed,
  chatFor,
  renderedUntil,
  settle,
  sub,
  textDelta,
  textEnd,
  textStart,
  toolEnd,
  toolStart,
} from './support/chat.js';
import { allInShadow, inShadow } from './support/elements.js';

const inLane = (subagentRunId: string, event: BaseEvent) =>
  ({ ...event, subagentRunId }) as BaseEvent;

describe('Subagents: frontend tools called inside a lane', () => {
  it("runs the tool, shows it in the subagent's block, and sends its result with the follow-up run", async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            sub('SUBAGENT_STARTED', 's-r', { name: 'researcher' }),
            inLane('s-r', {
              type: 'TOOL_CALL_START',
              toolCallId: 'c-1',
              toolCallName: 'lookup_account',
              parentMessageId: 'r-1',
            } as BaseEvent),
            inLane('s-r', {
              type: 'TOOL_CALL_ARGS',
              toolCallId: 'c-1',
              delta: '{"id":7}',
            } as BaseEvent),
            inLane('s-r', { type: 'TOOL_CALL_END', toolCallId: 'c-1' } as BaseEvent),
            sub('SUBAGENT_FINISHED', 's-r'),
            finished(input),
          ]
        : answer(input, 'p-2', 'The account is on the pro plan.'),
    );
    const store = new RunStore({ agent, threadId: 'thread-lane-tool' });
    const calls: unknown[] = [];
    store.registerTool({
      name: 'lookup_account',
      description: 'Looks an account up in the page.',
      parameters: { type: 'object', properties: { id: { type: 'number' } } },
      handler: (args) => {
        calls.push(args);
        return { plan: 'pro' };
      },
    });
    const el = await chatFor(store);
    store.send('Check account 7');
    await untilRuns(agent, 2);
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(calls).to.deep.equal([{ id: 7 }]);
    const follow = agent.inputs[1] as RunAgentInput;
    expect(follow.messages.find((message) => message.role === 'tool')).to.deep.include({
      role: 'tool',
      toolCallId: 'c-1',
      content: '{"plan":"pro"}',
      subagentRunId: 's-r',
    });
    const asked = follow.messages.find((message) => message.id === 'r-1') as {
      toolCalls?: { id: string }[];
    };
    expect(asked.toolCalls?.map((call) => call.id)).to.deep.equal(['c-1']);
    // Shown in the researcher's block, done, with its result.
    await renderedUntil(
      el,
      () => allInShadow(el, '[part~="subagent"] [part~="tool-call"]').length > 0,
    );
    const [tool] = allInShadow<HTMLDetailsElement>(el, '[part~="subagent"] [part~="tool-call"]');
    const holder = tool?.closest('[part~="subagent"]');
    expect(holder?.querySelector('.subagent-name')?.textContent).to.equal('researcher');
    expect(tool?.dataset.status).to.equal('done');
    expect(tool?.querySelector('[data-field="result"]')?.textContent).to.contain('"pro"');
  });
});

describe('Subagents: a lane tool that needs consent', () => {
  it("asks in the subagent's block, runs on Approve and records the answer there", async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            sub('SUBAGENT_STARTED', 's-ops', { name: 'operator' }),
            inLane('s-ops', {
              type: 'TOOL_CALL_START',
              toolCallId: 'c-r',
              toolCallName: 'restart_cell',
              parentMessageId: 'o-1',
            } as BaseEvent),
            inLane('s-ops', { type: 'TOOL_CALL_END', toolCallId: 'c-r' } as BaseEvent),
            sub('SUBAGENT_FINISHED', 's-ops'),
            finished(input),
          ]
        : answer(input, 'p-9', 'Restarted.'),
    );
    const store = new RunStore({ agent, threadId: 'thread-lane-consent' });
    let ran = 0;
    store.registerTool({
      name: 'restart_cell',
      description: 'Restarts a cell.',
      needsApproval: true,
      handler: () => {
        ran += 1;
        return 'restarted';
      },
    });
    const el = await chatFor(store);
    store.send('Restart cell 1');
    await waitForStatus(store, 'Needs approval');
    await renderedUntil(el, () => buttonsNamed(el, 'Approve').length === 1);
    expect(button(el, 'Approve').closest('[part~="subagent"]')).to.not.equal(null);
    button(el, 'Approve').click();
    await untilRuns(agent, 2);
    expect(ran).to.equal(1);
    const result = agent.inputs[1]?.messages.find((message) => message.role === 'tool');
    expect(result).to.deep.include({ toolCallId: 'c-r', subagentRunId: 's-ops' });
    expect(JSON.parse(String(result?.content))).to.deep.include({
      approved: true,
      result: 'restarted',
    });
    await renderedUntil(el, () => buttonsNamed(el, 'Approve').length === 0);
    const tool = allInShadow<HTMLElement>(el, '[part~="subagent"] [part~="tool-call"]')[0];
    expect(tool?.dataset.status).to.equal('done');
  });
});

const uiRender = (title: string): BaseEvent =>
  ({
    type: 'CUSTOM',
    name: 'ui_render',
    value: { component: 'AlertBanner', props: { severity: 'info', title, cell_id: 1 } },
  }) as BaseEvent;
const artifactTitles = (store: RunStore) =>
  store.getState().artifacts.map((artifact) => (artifact.props as { title: string }).title);
const versionText = (el: AgentChat) =>
  allInShadow(el, '[part~="versions"] > span').map((node) => node.textContent?.trim());
const interrupt = (id: string) => ({
  type: 'interrupt',
  interrupts: [{ id, reason: 'approval', message: `Approve ${id}?` }],
});

describe('Branches: artifacts and approvals belong to their version', () => {
  it("shows only the current branch's artifacts; switching back brings the others back", async () => {
    const agent = scriptedAgent((input, index) => [
      started(input),
      uiRender(`Chart ${index + 1}`),
      textStart(`a${index}`),
      textDelta(`a${index}`, `Answer ${index + 1}`),
      textEnd(`a${index}`),
      finished(input),
    ]);
    const store = new RunStore({ agent, threadId: 'thread-branch-artifacts' });
    const el = await chatFor(store);
    store.send('Chart it');
    await waitForState(store, (s) => s.run.number === 1 && s.run.status === 'Completed');
    expect(artifactTitles(store)).to.deep.equal(['Chart 1']);
    store.edit(store.getState().messages[0]?.id ?? '', 'Chart it again');
    await waitForState(store, (s) => s.run.number === 2 && s.run.status === 'Completed');
    expect(artifactTitles(store)).to.deep.equal(['Chart 2']);
    await renderedUntil(el, () => versionText(el)[0] === '2 / 2');
    button(el, 'Previous version').click();
    await renderedUntil(el, () => versionText(el)[0] === '1 / 2');
    expect(artifactTitles(store)).to.deep.equal(['Chart 1']);
    button(el, 'Next version').click();
    await renderedUntil(el, () => versionText(el)[0] === '2 / 2');
    expect(artifactTitles(store)).to.deep.equal(['Chart 2']);
    // Regenerate makes a version too: the new answer's chart replaces the old one's in view.
    store.regenerate();
    await waitForState(store, (s) => s.run.number === 3 && s.run.status === 'Completed');
    expect(artifactTitles(store)).to.deep.equal(['Chart 3']);
    // A saved copy keeps every version's artifacts.
    const restored = new RunStore({
      agent: scriptedAgent(() => []),
      restore: JSON.parse(JSON.stringify(store.getState())) as unknown,
    });
    restored.selectVersion(store.getState().messages[0]?.id ?? null, 0);
    expect(artifactTitles(restored)).to.deep.equal(['Chart 2']);
    restored.dispose();
    // A saved record is untrusted: a version's artifacts that are not a list refuse the whole record.
    const bad = JSON.parse(JSON.stringify(store.getState())) as {
      branches: { versions: ({ artifacts?: unknown } | null)[] }[];
    };
    const slot = bad.branches.flatMap((point) => point.versions).find((version) => version);
    if (slot) slot.artifacts = 'not a list';
    const refused = new RunStore({ restore: bad });
    expect(refused.getState().messages).to.deep.equal([]);
    expect(refused.getState().activity.at(-1)?.text).to.match(
      /could not be restored: .*artifacts is not a list/,
    );
    refused.dispose();
  });

  it('hides an open approval while another version shows, and it is answerable again back in its version', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 1
        ? [
            started(input),
            textStart('q'),
            textDelta('q', 'Shall I?'),
            textEnd('q'),
            finished(input, interrupt('i-1')),
          ]
        : answer(input, `a${index}`, `Answer ${index + 1}`),
    );
    const store = new RunStore({ agent, threadId: 'thread-branch-approval' });
    const el = await chatFor(store);
    store.send('First');
    await waitForState(store, (s) => s.run.number === 1 && s.run.status === 'Completed');
    store.edit(store.getState().messages[0]?.id ?? '', 'First, edited');
    await waitForStatus(store, 'Needs approval');
    await renderedUntil(el, () => buttonsNamed(el, 'Approve').length === 1);
    button(el, 'Previous version').click();
    await renderedUntil(el, () => versionText(el)[0] === '1 / 2');
    expect(buttonsNamed(el, 'Approve')).to.have.length(0);
    expect(inShadow(el, '.composer').textContent).not.to.contain('cancels');
    expect(store.getState().approvals).to.deep.equal([]);
    expect(store.getState().run.status).to.equal('Completed');
    store.approve('i-1');
    await settle(el);
    expect(agent.inputs).to.have.length(2);
    button(el, 'Next version').click();
    await renderedUntil(el, () => buttonsNamed(el, 'Approve').length === 1);
    expect(store.getState().run.status).to.equal('Needs approval');
    button(el, 'Approve').click();
    await untilRuns(agent, 3);
    expect(agent.inputs[2]?.resume).to.deep.equal([
      { interruptId: 'i-1', status: 'resolved', payload: { approved: true } },
    ]);
  });

  it('records the approval as cancelled when a run in another version moved the thread on', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 1
        ? [started(input), finished(input, interrupt('i-2'))]
        : answer(input, `a${index}`, `Answer ${index + 1}`),
    );
    const store = new RunStore({ agent, threadId: 'thread-branch-moved-on' });
    const el = await chatFor(store);
    store.send('First');
    await waitForState(store, (s) => s.run.number === 1 && s.run.status === 'Completed');
    store.edit(store.getState().messages[0]?.id ?? '', 'Other');
    await waitForStatus(store, 'Needs approval');
    await renderedUntil(el, () => buttonsNamed(el, 'Previous version').length === 1);
    button(el, 'Previous version').click();
    await renderedUntil(el, () => versionText(el)[0] === '1 / 2');
    store.send('Carry on here');
    await waitForState(store, (s) => s.run.number === 3 && s.run.status === 'Completed');
    expect(agent.inputs[2]?.resume ?? []).to.deep.equal([]);
    button(el, 'Next version').click();
    await renderedUntil(el, () => versionText(el)[0] === '2 / 2');
    expect(buttonsNamed(el, 'Approve')).to.have.length(0);
    expect(inShadow(el, '.transcript').textContent).to.contain(
      'Cancelled: a new message moved the conversation on.',
    );
    expect(store.getState().run.status).to.equal('Completed');
    expect(store.getState().approvals).to.deep.equal([]);
  });

  it('cancels a tool call waiting for consent in a version the thread moved on from', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 1
        ? [started(input), toolStart('c-g', 'guarded', 'g-1'), toolEnd('c-g'), finished(input)]
        : answer(input, `a${index}`, `Answer ${index + 1}`),
    );
    const store = new RunStore({ agent, threadId: 'thread-branch-tool' });
    store.registerTool({ name: 'guarded', description: 'Needs consent.', needsApproval: true });
    const el = await chatFor(store);
    store.send('First');
    await waitForState(store, (s) => s.run.number === 1 && s.run.status === 'Completed');
    store.edit(store.getState().messages[0]?.id ?? '', 'Use the tool');
    await waitForStatus(store, 'Needs approval');
    await renderedUntil(el, () => buttonsNamed(el, 'Previous version').length === 1);
    button(el, 'Previous version').click();
    await renderedUntil(el, () => versionText(el)[0] === '1 / 2');
    store.send('Carry on here');
    await waitForState(store, (s) => s.run.number === 3 && s.run.status === 'Completed');
    button(el, 'Next version').click();
    await renderedUntil(el, () => versionText(el)[0] === '2 / 2');
    const tool = allInShadow<HTMLElement>(el, '[part~="tool-call"]')[0];
    expect(tool?.dataset.status).to.equal('cancelled');
    expect(buttonsNamed(el, 'Approve')).to.have.length(0);
  });
});
