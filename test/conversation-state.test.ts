import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import type { RunEndEvent } from '../components/shared/events.js';
import { createAnalysisPlugin } from '../src/analysis/plugin.js';
import { RunStore } from '../src/store/run-store.js';
import { buildRunInput, toAguiMessages } from '../src/store/run-input.js';
import type { ApprovalPart, RunStoreState } from '../src/store/types.js';
import {
  finished,
  manualAgent,
  scriptedAgent,
  started,
  text,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import { toolArgs, toolEnd, toolStart } from './support/chat.js';
import { nextFrame, recordEvents, until } from './support/elements.js';

const interrupt = (id: string) => ({
  type: 'interrupt',
  interrupts: [{ id, reason: 'approval', message: `Approve ${id}?` }],
});

const uiRender = (component: string, props: object): BaseEvent =>
  ({ type: 'CUSTOM', name: 'ui_render', value: { component, props } }) as BaseEvent;

/** Every part kind of each message, in order. */
function transcript(state: RunStoreState): string[][] {
  return state.messages.map((message) => [
    message.role,
    ...message.parts.map((part) =>
      part.kind === 'approval'
        ? `approval:${part.approval.id}:${part.approval.answer ? (part.approval.answer.approved ? 'yes' : 'no') : 'open'}`
        : part.kind === 'artifact'
          ? 'artifact'
          : part.kind,
    ),
  ]);
}

describe('RunStore: the conversation is in the state', () => {
  it('keeps approvals as parts with their answers, in order, across later runs', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [started(input), ...text('a1', 'Shall I?'), finished(input, interrupt('wo-1'))]
        : [started(input), ...text(`a${index + 1}`, 'Done.'), finished(input)],
    );
    const store = new RunStore({ agent });
    store.send('open a work order');
    await waitForStatus(store, 'Needs approval');
    store.approve('wo-1', { comment: 'go' });
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    store.send('thanks');
    const done = await waitForState(
      store,
      (state) => state.run.number === 3 && state.run.status === 'Completed',
    );
    expect(done.approvals).to.deep.equal([]);
    expect(transcript(done)).to.deep.equal([
      ['user', 'text'],
      ['assistant', 'text', 'approval:wo-1:yes'],
      ['assistant', 'text'],
      ['user', 'text'],
      ['assistant', 'text'],
    ]);
    const part = done.messages[1]?.parts[1] as ApprovalPart;
    expect(part.approval.answer).to.deep.equal({ approved: true, comment: 'go' });
    store.dispose();
  });

  it('puts a tool approval right after its call, and a cancelled one stays cancelled', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            toolStart('t1', 'delete_all', 'a1'),
            toolArgs('t1', '{}'),
            toolEnd('t1'),
            ...text('a1', 'Waiting.'),
            finished(input),
          ]
        : [started(input), finished(input)],
    );
    const store = new RunStore({ agent });
    store.registerTool({
      name: 'delete_all',
      description: 'Deletes',
      needsApproval: true,
      handler: () => 'ok',
    });
    store.send('clean up');
    await waitForStatus(store, 'Needs approval');
    expect(transcript(store.getState())[1]).to.deep.equal([
      'assistant',
      'tool-call',
      'approval:t1:open',
      'text',
    ]);
    store.send('never mind');
    const done = await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    const part = done.messages[1]?.parts[1] as ApprovalPart;
    expect(part.approval.answer).to.deep.equal({ approved: false, cancelled: true });
    store.dispose();
  });

  it('places ui_render artifacts where they arrived, in a message of their own before any reply', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      uiRender('AlertBanner', { severity: 'info', title: 'Early', cell_id: 1 }),
      ...text('a1', 'Here.'),
      uiRender('AlertBanner', { severity: 'info', title: 'Late', cell_id: 1 }),
      finished(input),
    ]);
    const store = new RunStore({ agent });
    store.send('show');
    const done = await waitForStatus(store, 'Completed');
    expect(transcript(done)).to.deep.equal([
      ['user', 'text'],
      ['assistant', 'artifact'],
      ['assistant', 'text', 'artifact'],
    ]);
    const ids = done.messages.flatMap((message) =>
      message.parts.flatMap((part) => (part.kind === 'artifact' ? [part.artifactId] : [])),
    );
    expect(ids).to.deep.equal(done.artifacts.map((artifact) => artifact.id));
    store.dispose();
  });

  it('shows a ui_render that twins a render call once, also when it arrives while the call streams', async () => {
    const props = { severity: 'warning', title: 'Hot', message: 'Cell 1 runs hot.', cell_id: 1 };
    const args = JSON.stringify(props);
    const other = { ...props, title: 'Other' };
    const agent = scriptedAgent((input) => [
      started(input),
      toolStart('r1', 'render_alert_banner', 'a1'),
      toolArgs('r1', args.slice(0, 20)),
      uiRender('AlertBanner', props),
      uiRender('alert_banner', other),
      toolArgs('r1', args.slice(20)),
      toolEnd('r1'),
      uiRender('AlertBanner', props),
      finished(input),
    ]);
    const store = new RunStore({ agent });
    store.send('banner');
    const done = await waitForStatus(store, 'Completed');
    expect(done.artifacts.map((artifact) => [artifact.source, artifact.props])).to.deep.equal([
      ['tool-call', props],
      ['ui_render', other],
    ]);
    expect(transcript(done)).to.deep.equal([
      ['user', 'text'],
      ['assistant', 'tool-call', 'artifact'],
    ]);
    expect(done.heldArtifacts ?? []).to.deep.equal([]);
    store.dispose();
  });

  it('shows a held ui_render when its run ends before the call completes', async () => {
    const props = { severity: 'info', title: 'Held', message: 'x', cell_id: 1 };
    const agent = scriptedAgent((input) => [
      started(input),
      toolStart('r1', 'render_alert_banner', 'a1'),
      toolArgs('r1', '{"severity":"in'),
      uiRender('AlertBanner', props),
      { type: 'RUN_ERROR', message: 'gone' } as BaseEvent,
    ]);
    const store = new RunStore({ agent });
    store.send('banner');
    const done = await waitForStatus(store, 'Failed');
    expect(done.artifacts.filter((artifact) => artifact.source === 'ui_render')).to.have.length(1);
    expect(done.heldArtifacts ?? []).to.deep.equal([]);
    store.dispose();
  });

  it('holds only plain data: a JSON round trip gives an equal state', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      ...text('a1', 'Hi.'),
      finished(input, interrupt('i1')),
    ]);
    const store = new RunStore({ agent }).use(createAnalysisPlugin());
    const element = await fixture<AgentRun>(
      html`<agent-run .store=${store} .resolver=${{}}></agent-run>`,
    );
    store.send('hello');
    const paused = await waitForStatus(store, 'Needs approval');
    expect(JSON.parse(JSON.stringify(paused))).to.deep.equal(paused);
    element.remove();
    store.dispose();
  });

  it('makes run, message and thread ids that never repeat across stores', async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 2; index += 1) {
      const agent = scriptedAgent((input) => [started(input), finished(input)]);
      const store = new RunStore({ agent });
      ids.add(store.getState().threadId);
      store.send('hi');
      const done = await waitForStatus(store, 'Completed');
      ids.add(done.run.id as string);
      ids.add(done.messages[0]?.id as string);
      store.dispose();
    }
    expect(ids.size).to.equal(6);
  });

  it('restores a saved state; a streaming run comes back Cancelled (page-closed) and Retry works', async () => {
    const first = manualAgent();
    const store = new RunStore({ agent: first });
    store.send('tell me');
    await until(() => first.open === 1);
    first.emit(started(first.inputs[0] as RunAgentInput));
    for (const event of text('a1', 'Half an ans').slice(0, 2)) first.emit(event);
    await waitForStatus(store, 'Streaming');
    const saved: unknown = JSON.parse(JSON.stringify(store.getState()));
    store.dispose();
    const again = scriptedAgent((input) => [
      started(input),
      ...text('a2', 'Whole answer.'),
      finished(input),
    ]);
    const restored = new RunStore({ agent: again, restore: saved });
    const state = restored.getState();
    expect(state.run).to.include({ status: 'Cancelled', cause: 'page-closed' });
    expect(state.messages.map((message) => message.streaming)).to.deep.equal([false, false]);
    expect(state.threadId).to.equal((saved as RunStoreState).threadId);
    restored.retry();
    const done = await waitForStatus(restored, 'Completed');
    expect(again.inputs[0]?.messages.map((message) => message.role)).to.deep.equal(['user']);
    expect(done.messages.at(-1)?.parts[0]).to.deep.equal({ kind: 'text', text: 'Whole answer.' });
    restored.dispose();
  });

  it('starts empty with a note when the saved state does not fit', () => {
    const store = new RunStore({
      restore: { threadId: 't', run: { status: 'Dancing', number: 1 } },
    });
    const state = store.getState();
    expect(state.messages).to.deep.equal([]);
    expect(state.run.status).to.equal('Idle');
    expect(state.activity.at(-1)?.text).to.equal(
      'The saved conversation could not be restored: its run is not a run.',
    );
    store.dispose();
  });
});

describe('Run input, built from the state alone', () => {
  it('carries answered interrupts as resume and leaves local parts and view state out', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      ...text('a1', 'Ok?'),
      finished(input, interrupt('i1')),
    ]);
    const store = new RunStore({ agent }).use(createAnalysisPlugin());
    store.send('go');
    await waitForStatus(store, 'Needs approval');
    store.setView('analysis', () => ({ filter: 'Core', selectedId: 'api' }));
    const state = store.getState();
    const answered: RunStoreState = {
      ...state,
      approvals: state.approvals.map((approval) => ({ ...approval, answer: { approved: false } })),
    };
    const input = buildRunInput(answered, { runId: 'run-x', tools: new Map(), scenario: 'slow' });
    expect(input.resume).to.deep.equal([
      { interruptId: 'i1', status: 'resolved', payload: { approved: false } },
    ]);
    expect(input.forwardedProps).to.deep.equal({ scenario: 'slow' });
    expect(JSON.stringify(input)).not.to.contain('selectedId');
    expect(toAguiMessages(state, new Map())).to.deep.equal([
      { id: state.messages[0]?.id, role: 'user', content: 'go' },
      { id: 'a1', role: 'assistant', content: 'Ok?' },
    ]);
    store.dispose();
  });
});

describe('<agent-run> host events', () => {
  it('fires run-end after the store settled, so a listener can start the next run at once', async () => {
    const agent = scriptedAgent((input) => [started(input), finished(input)]);
    const el = await fixture<AgentRun>(html`<agent-run .agent=${agent}></agent-run>`);
    let restarted = false;
    el.addEventListener('run-end', () => {
      if (restarted) return;
      restarted = true;
      el.store.send('again');
    });
    el.store.send('first');
    const done = await waitForState(
      el.store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(done.messages.filter((message) => message.role === 'user')).to.have.length(2);
    expect(agent.inputs).to.have.length(2);
  });

  it('still tells listeners how the run ended when the provider is removed mid-run', async () => {
    const agent = manualAgent();
    const el = await fixture<AgentRun>(html`<agent-run .agent=${agent}></agent-run>`);
    const seen = recordEvents(el, ['run-end']) as RunEndEvent[];
    el.store.run();
    el.remove();
    await nextFrame();
    await nextFrame();
    expect(seen.map((event) => [event.detail.status, event.detail.cause])).to.deep.equal([
      ['Cancelled', 'disposed'],
    ]);
  });
});
