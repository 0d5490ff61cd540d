import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { applyPatch, type Operation } from 'fast-json-patch';
import '../components/define.js';
import '../components/agent-inspector/define-inspector.js';
import type { AgentInspector } from '../components/agent-inspector/agent-inspector.js';
import { HISTORY_LIMIT } from '../src/store/event-tap.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, scriptedAgent, started, waitForState, waitForStatus } from './support/agents.js';
import { nextFrame, until } from './support/elements.js';
import { tableRows, untilEvents } from './support/inspector.js';

const LOADED = Symbol.for('agui-elements.inspector');

/** A snapshot and patches, with the state after each event as fast-json-patch computes it (the oracle). */
function patchScript(): { events: BaseEvent[]; after: unknown[] } {
  let doc: { n: number; list: number[] } = { n: 0, list: [] };
  const events: BaseEvent[] = [
    { type: 'STATE_SNAPSHOT', snapshot: structuredClone(doc) } as BaseEvent,
  ];
  const after: unknown[] = [structuredClone(doc)];
  for (let step = 1; step <= 40; step += 1) {
    const ops: Operation[] =
      step % 3 === 0
        ? [{ op: 'add', path: '/list/-', value: step }]
        : [{ op: 'replace', path: '/n', value: step }];
    doc = applyPatch(structuredClone(doc), structuredClone(ops)).newDocument;
    events.push({ type: 'STATE_DELTA', delta: ops } as BaseEvent);
    after.push(structuredClone(doc));
  }
  return { events, after };
}

async function inspectorOf(store: RunStore): Promise<AgentInspector> {
  return fixture<AgentInspector>(
    html`<agent-inspector
      .store=${store}
      style="--agui-inspector-height: 4000px"
    ></agent-inspector>`,
  );
}

async function rowsOf(el: AgentInspector): Promise<string[][]> {
  await nextFrame();
  await el.updateComplete;
  return tableRows(el).map((cells) => cells.slice(1));
}

async function stateAt(el: AgentInspector, position: number): Promise<unknown> {
  await nextFrame();
  await el.updateComplete;
  const root = el.shadowRoot as ShadowRoot;
  await until(() => !!root.querySelector(`tr[data-position="${position}"]`));
  (root.querySelector(`tr[data-position="${position}"]`) as HTMLElement).click();
  await el.updateComplete;
  const pre = root.querySelector('[aria-label="Agent state after this event"] pre');
  return JSON.parse(pre?.textContent ?? 'null') as unknown;
}

describe('<agent-inspector>: the thread before it came', () => {
  it('shows every event of a run that finished before it was added, in order, with the state after each', async () => {
    const { events, after } = patchScript();
    const agent = scriptedAgent((input) => [started(input), ...events, finished(input)]);
    const store = new RunStore({ agent, threadId: 'thread-late' });
    const watcher = new RunStore({
      agent: scriptedAgent((input) => [started(input), ...events, finished(input)]),
      threadId: 'thread-live',
    });
    const live = await inspectorOf(watcher);
    store.run();
    watcher.run();
    await waitForStatus(store, 'Completed');
    await waitForStatus(watcher, 'Completed');
    const late = await inspectorOf(store);
    await untilEvents(late, events.length + 3);
    await untilEvents(live, events.length + 3);
    expect(late.eventCount).to.equal(events.length + 3);
    const lateRows = await rowsOf(late);
    expect(lateRows.map((cells) => cells[0])).to.deep.equal([
      'Run input',
      'RUN_STARTED',
      ...events.map((event) => event.type),
      'RUN_FINISHED',
    ]);
    // The same rows as an inspector that watched the same script live (ids aside).
    const plain = (rows: string[][]) =>
      rows.map((cells) => cells.join(' | ').replace(/thread-\w+|run-[0-9a-f]+/g, 'id'));
    expect(plain(lateRows)).to.deep.equal(plain(await rowsOf(live)));
    for (const index of [0, 1, 2, 3, 20, 39, 40]) {
      expect(await stateAt(late, index + 2), `state after event ${index}`).to.deep.equal(
        after[index],
      );
    }
    // The run's input changed nothing: the kept records start from the state they began with.
    await stateAt(late, 0);
    expect(late.shadowRoot?.querySelector('.changes')?.textContent).to.contain('Unchanged');
    // New events follow the kept ones.
    store.run();
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    await untilEvents(late, 2 * (events.length + 3));
  });

  it('keeps only the current thread, and at most the newest HISTORY_LIMIT records', async () => {
    const many = Array.from(
      { length: HISTORY_LIMIT + 20 },
      (_, index) => ({ type: 'CUSTOM', name: `n-${index}`, value: index }) as BaseEvent,
    );
    const agent = scriptedAgent((input, index) =>
      index === 0 ? [started(input), ...many, finished(input)] : [started(input), finished(input)],
    );
    const store = new RunStore({ agent, threadId: 'thread-bounded' });
    store.run();
    await waitForStatus(store, 'Completed');
    const el = await inspectorOf(store);
    await untilEvents(el, HISTORY_LIMIT);
    expect(el.eventCount).to.equal(HISTORY_LIMIT);
    el.remove();
    store.reset();
    store.run();
    await waitForState(
      store,
      (state) => state.threadId !== 'thread-bounded' && state.run.status === 'Completed',
    );
    const fresh = await inspectorOf(store);
    await untilEvents(fresh, 3);
    expect((await rowsOf(fresh)).map((cells) => cells[0])).to.deep.equal([
      'Run input',
      'RUN_STARTED',
      'RUN_FINISHED',
    ]);
  });

  it('keeps nothing on a page without the inspector bundle until someone subscribes', async () => {
    const flags = globalThis as Record<symbol, unknown>;
    delete flags[LOADED];
    try {
      const agent = scriptedAgent((input) => [started(input), finished(input)]);
      const store = new RunStore({ agent, threadId: 'thread-quiet' });
      store.run();
      await waitForStatus(store, 'Completed');
      const seen: string[] = [];
      const subscription = store.events$.subscribe((record) => seen.push(record.kind));
      expect(seen).to.deep.equal([]);
      store.run();
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      subscription.unsubscribe();
      // From the first subscription on, the thread's records are kept for the next subscriber.
      const later: string[] = [];
      store.events$.subscribe((record) => later.push(record.kind)).unsubscribe();
      expect(later).to.deep.equal(seen);
      expect(seen).to.have.length(3);
    } finally {
      flags[LOADED] = true;
    }
  });
});
