import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BaseEvent } from '@ag-ui/core';
import { applyPatch, type Operation } from 'fast-json-patch';
import '../components/define.js';
import '../components/agent-inspector/define-inspector.js';
import type { AgentInspector } from '../components/agent-inspector/agent-inspector.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { RunStore } from '../src/store/run-store.js';
import {
  delta,
  scriptedAgent,
  text,
  snapshot,
  started,
  finished,
  API,
  SEARCH,
  waitForStatus,
} from './support/agents.js';
import { buttonNamed, nextFrame, until } from './support/elements.js';
import {
  ALL_TYPES,
  errorRun,
  everyTypeRun,
  inspectorStatus,
  tableRows,
  untilEvents,
} from './support/inspector.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { BehaviorSubject, Subject } from 'rxjs';
import type { TapRecord } from '../src/store/event-tap.js';

async function inspectorFor(store: RunStore): Promise<AgentInspector> {
  const el = await fixture<AgentInspector>(
    html`<agent-inspector
      .store=${store}
      style="--agui-inspector-height: 2000px"
    ></agent-inspector>`,
  );
  return el;
}

describe('<agent-inspector>: the events table', () => {
  it('shows every AG-UI 1.0 event type with its one-line summary', async () => {
    const scripts = [everyTypeRun, errorRun];
    const agent = scriptedAgent((input, index) =>
      (scripts[index] ?? errorRun)(input).map((item) => item.event),
    );
    const store = new RunStore({ agent, threadId: 'thread-all' });
    const el = await inspectorFor(store);
    store.run();
    await waitForStatus(store, 'Needs approval');
    store.run();
    await waitForStatus(store, 'Failed');
    await nextFrame();
    await el.updateComplete;
    const rows = tableRows(el);
    const text = rows.map((cells) => `${cells[1]} | ${cells[2]}`);
    for (const type of ALL_TYPES) {
      expect(
        text.some((line) => line.includes(type)),
        `${type} in\n${text.join('\n')}`,
      ).to.equal(true);
    }
    const input = agent.inputs[0] as Parameters<typeof everyTypeRun>[0];
    for (const { event, shows } of [...everyTypeRun(input), ...errorRun(input)]) {
      if (!shows) continue;
      const type = event.type.replace('_CHUNK', '');
      expect(
        text.some((line) => line.includes(type.split('_')[0] as string) && line.includes(shows)),
        `${event.type} shows ${shows} in\n${text.join('\n')}`,
      ).to.equal(true);
    }
  });
});

/** A seeded generator, so the patch script is the same on every run. */
function random(seed: number): () => number {
  let value = seed;
  return () => {
    value = (value * 1103515245 + 12345) % 2147483648;
    return value / 2147483648;
  };
}

type Doc = { counters: Record<string, number>; list: number[]; nested: { deep: { x: number } } };

/** A snapshot, 300 valid patches (a second snapshot midway) and the state after each event, by fast-json-patch. */
function patchScript(): { events: BaseEvent[]; after: unknown[] } {
  const next = random(7);
  const events: BaseEvent[] = [];
  const after: unknown[] = [];
  let doc: Doc = {
    counters: Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`a${index}`, 0])),
    list: [],
    nested: { deep: { x: 0 } },
  };
  const push = (event: BaseEvent) => {
    events.push(event);
    after.push(structuredClone(doc));
  };
  push({ type: 'STATE_SNAPSHOT', snapshot: structuredClone(doc) } as BaseEvent);
  for (let step = 0; step < 300; step += 1) {
    if (step === 150) {
      doc = { counters: { a0: 99 }, list: [1, 2], nested: { deep: { x: 5 } } };
      push({ type: 'STATE_SNAPSHOT', snapshot: structuredClone(doc) } as BaseEvent);
      continue;
    }
    const keys = Object.keys(doc.counters);
    const choice = Math.floor(next() * 5);
    let ops: Operation[];
    if (choice === 0 || keys.length === 0) {
      ops = [{ op: 'add', path: `/counters/k${step}`, value: step }];
    } else if (choice === 1) {
      ops = [{ op: 'add', path: '/list/-', value: step }];
    } else if (choice === 2 && doc.list.length > 0) {
      ops = [{ op: 'remove', path: '/list/0' }];
    } else if (choice === 3) {
      ops = [
        { op: 'test', path: '/nested/deep/x', value: doc.nested.deep.x },
        { op: 'replace', path: '/nested/deep/x', value: step },
      ];
    } else {
      const key = keys[Math.floor(next() * keys.length)] as string;
      ops = [{ op: 'replace', path: `/counters/${key}`, value: step }];
    }
    doc = applyPatch(structuredClone(doc), structuredClone(ops)).newDocument;
    push({ type: 'STATE_DELTA', delta: ops } as BaseEvent);
  }
  return { events, after };
}

function shadow(el: Element): ShadowRoot {
  return el.shadowRoot as ShadowRoot;
}

/** Scrolls the table to a row of the filtered list and clicks it, as a person would. */
async function selectRow(el: AgentInspector, position: number): Promise<void> {
  // The rows that arrived last are drawn on the next frame.
  await nextFrame();
  await el.updateComplete;
  const scroller = shadow(el).querySelector('.scroller') as HTMLElement;
  scroller.scrollTop = position * 32;
  await until(() => !!shadow(el).querySelector(`tr[data-position="${position}"]`));
  (shadow(el).querySelector(`tr[data-position="${position}"]`) as HTMLElement).click();
  await el.updateComplete;
}

function stateShown(el: AgentInspector): unknown {
  const pre = shadow(el).querySelector('[aria-label="Agent state after this event"] pre');
  return JSON.parse(pre?.textContent ?? 'null') as unknown;
}

function marked(el: AgentInspector): string[] {
  return [...shadow(el).querySelectorAll('[aria-label="Agent state after this event"] mark')].map(
    (mark) => (mark.textContent ?? '').trim(),
  );
}

describe('<agent-inspector>: what the store acted on and what the agent sent', () => {
  it('shows the raw event beside an expanded chunk', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', role: 'assistant', delta: 'Hi' } as BaseEvent,
      finished(input),
    ]);
    const store = new RunStore({ agent, threadId: 'thread-raw' });
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    store.run();
    await waitForStatus(store, 'Completed');
    await untilEvents(el, 4);
    await nextFrame();
    await el.updateComplete;
    const types = tableRows(el).map((cells) => cells[1]);
    expect(types.slice(2, 4)).to.deep.equal([
      'TEXT_MESSAGE_START (from TEXT_MESSAGE_CHUNK)',
      'TEXT_MESSAGE_CONTENT (from TEXT_MESSAGE_CHUNK)',
    ]);
    await selectRow(el, 2);
    const raw = shadow(el).querySelector('[aria-label="Raw event"]');
    expect(raw?.textContent).to.contain('"type": "TEXT_MESSAGE_CHUNK"');
    expect(shadow(el).querySelector('[aria-label="Event JSON"]')?.textContent).to.contain(
      '"type": "TEXT_MESSAGE_START"',
    );
    await selectRow(el, 1);
    expect(shadow(el).querySelector('[aria-label="Raw event"]')).to.equal(null);
  });
});

describe('<agent-inspector>: state at each event', () => {
  it('shows the state after any event as fast-json-patch computes it from the recorded patches', async () => {
    const { events, after } = patchScript();
    const agent = scriptedAgent((input) => [started(input), ...events, finished(input)]);
    const store = new RunStore({ agent, threadId: 'thread-oracle' });
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    store.run();
    await waitForStatus(store, 'Completed');
    await untilEvents(el, events.length + 3);
    // Rows: the run input, RUN_STARTED, then the script's events (position = event index + 2).
    for (const index of [0, 1, 2, 60, 127, 128, 129, 149, 150, 151, 200, 255, 256, 257, 299, 300]) {
      await selectRow(el, index + 2);
      expect(stateShown(el), `state after event ${index}`).to.deep.equal(after[index]);
    }
  });

  it('highlights what the selected event changed', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'STATE_SNAPSHOT', snapshot: { a: 1, b: { c: 2, d: 3 } } } as BaseEvent,
      delta([{ op: 'replace', path: '/b/c', value: 20 }]),
      finished(input),
    ]);
    const store = new RunStore({ agent, threadId: 'thread-marks' });
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    store.run();
    await waitForStatus(store, 'Completed');
    await untilEvents(el, 5);
    await selectRow(el, 3);
    expect(marked(el)).to.deep.equal(['"c": 20,']);
    expect(shadow(el).querySelector('.changes')?.textContent).to.contain('/b/c');
    await selectRow(el, 4);
    expect(marked(el)).to.deep.equal([]);
    expect(shadow(el).querySelector('.changes')?.textContent).to.contain('Unchanged');
  });

  it('marks a rejected patch with the store’s reason and keeps the state before it', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      snapshot([API, SEARCH]),
      delta([{ op: 'remove', path: '/services/7' }]),
      finished(input),
    ]);
    const store = new RunStore({ agent, threadId: 'thread-reject' }).use(createAnalysisPlugin());
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    store.run();
    const failed = await waitForStatus(store, 'Failed');
    await untilEvents(el, 4);
    await nextFrame();
    await el.updateComplete;
    const reason = failed.run.failure?.reason as string;
    expect(reason).to.contain('State patch rejected');
    const rows = shadow(el).querySelectorAll('tr.row');
    const failedRows = [...rows].filter((row) => row.classList.contains('failed'));
    expect(failedRows).to.have.length(1);
    expect(failedRows[0]?.textContent).to.contain('Failed');
    expect(failedRows[0]?.textContent).to.contain('STATE_DELTA');
    expect(failedRows[0]?.textContent).to.contain(reason);
    await selectRow(el, 3);
    expect(shadow(el).querySelector('.failure')?.textContent).to.contain(reason);
    expect(stateShown(el)).to.deep.equal({ services: [API, SEARCH] });
  });

  it('marks an order violation where it happened', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'never-started', delta: 'x' } as BaseEvent,
      finished(input),
    ]);
    const store = new RunStore({ agent, threadId: 'thread-order' });
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    store.run();
    const failed = await waitForStatus(store, 'Failed');
    await untilEvents(el, 3);
    await nextFrame();
    await el.updateComplete;
    const last = [...shadow(el).querySelectorAll('tr.row')].pop();
    expect(last?.classList.contains('failed')).to.equal(true);
    expect(last?.textContent).to.contain('TEXT_MESSAGE_CONTENT');
    expect(last?.textContent).to.contain(failed.run.failure?.reason as string);
  });
});

/** A store-like object driven by hand: the inspector only uses its public surfaces. */
function handStore() {
  const events$ = new Subject<TapRecord>();
  const state$ = new BehaviorSubject({ agentState: { value: {} as Record<string, unknown> } });
  let at = 0;
  return {
    events$,
    state$,
    getState: () => state$.getValue(),
    emit(event: Record<string, unknown>, run = 1) {
      at += 1;
      events$.next({
        kind: 'event',
        at,
        run,
        runId: `run-${run}`,
        event: event as unknown as BaseEvent,
      });
    },
  };
}

describe('<agent-inspector>: side runs', () => {
  it("shows an MCP App's side run marked as one, with its own times, and keeps it out of the recording", async () => {
    const sideProps = {
      __proxiedMCPRequest: {
        serverHash: 'h',
        method: 'tools/call',
        params: { name: 'service_latency', arguments: { service: 'search' } },
      },
    };
    const agent = scriptedAgent((input) =>
      input.forwardedProps?.__proxiedMCPRequest
        ? [
            { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId },
            {
              type: 'RUN_FINISHED',
              threadId: input.threadId,
              runId: input.runId,
              result: { content: [] },
            },
          ].map((event) => event as unknown as BaseEvent)
        : [started(input), ...text('answer-1', 'Latency is up.'), finished(input)],
    );
    const store = new RunStore({ agent, threadId: 'thread-side' });
    const el = await inspectorFor(store);
    store.run();
    await waitForStatus(store, 'Completed');
    const runInput = agent.inputs[0]!;
    expect(await store.sideRun(sideProps)).to.deep.equal({ content: [] });
    await until(() => tableRows(el).length >= 7);
    await el.updateComplete;
    const rows = tableRows(el);
    const sideRows = rows.filter((cells) => cells[1]!.startsWith('Side run'));
    expect(sideRows.map((cells) => cells[1])).to.deep.equal([
      'Side run Run input',
      'Side run RUN_STARTED',
      'Side run RUN_FINISHED',
    ]);
    expect(sideRows[0]![2]).to.equal('side run · tools/call service_latency');
    expect(sideRows[0]![0]).to.equal('+0.000 s');
    expect(shadow(el).querySelectorAll('tr.row.side').length).to.equal(3);
    // The conversation's rows are as before; the side run's input did not replace the run's.
    expect(rows.filter((cells) => !cells[1]!.startsWith('Side run')).length).to.equal(
      rows.length - 3,
    );
    expect(agent.inputs[0]).to.equal(runInput);
    // The text filter finds side runs by name.
    const search = shadow(el).querySelector('input[type="search"]') as HTMLInputElement;
    search.value = 'side run';
    search.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(tableRows(el).length).to.equal(3);
    const recording = el.recording();
    expect(recording).to.contain('Latency is up.');
    expect(recording).not.to.contain('service_latency');
    expect(recording).not.to.contain('__proxiedMCPRequest');
  });
});

describe('<agent-inspector>: a long log', () => {
  it('keeps 100,000 events in a table that renders only the rows in view and scrolls to any of them', async () => {
    const store = handStore();
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    for (let index = 0; index < 100_000; index += 1) {
      store.emit({ type: 'CUSTOM', name: `n-${index}`, value: index });
    }
    await nextFrame();
    await el.updateComplete;
    // The count is written the way the inspector's language writes numbers (English here).
    expect(inspectorStatus(el)).to.contain('100,000 events');
    const table = shadow(el).querySelector('table') as HTMLTableElement;
    expect(table.getAttribute('aria-rowcount')).to.equal('100001');
    expect(shadow(el).querySelectorAll('tr.row').length).to.be.below(60);
    // Following: the newest event is in view.
    expect(tableRows(el).pop()?.[1]).to.equal('CUSTOM');
    expect(tableRows(el).pop()?.[2]).to.contain('n-99999');
    await selectRow(el, 50_000);
    const row = shadow(el).querySelector('tr[aria-rowindex="50002"]');
    expect(row?.textContent).to.contain('n-50000');
    expect(row?.getAttribute('aria-current')).to.equal('true');
    expect(shadow(el).querySelector('.detail')?.textContent).to.contain('"name": "n-50000"');
  });

  it('filters by type family and by text, pauses, resumes and clears', async () => {
    const store = handStore();
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    store.emit({ type: 'RUN_STARTED', threadId: 't', runId: 'r' });
    store.emit({ type: 'TEXT_MESSAGE_START', messageId: 'hello-1', role: 'assistant' });
    store.emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'hello-1', delta: 'Hi' });
    store.emit({ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' });
    await nextFrame();
    const select = shadow(el).querySelector('select') as HTMLSelectElement;
    select.value = 'tool';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(tableRows(el).map((cells) => cells[1])).to.deep.equal(['TOOL_CALL_START']);
    expect(inspectorStatus(el)).to.contain('4 events · 1 shown');
    select.value = 'all';
    select.dispatchEvent(new Event('change'));
    const search = shadow(el).querySelector('input[type="search"]') as HTMLInputElement;
    search.value = 'HELLO-1';
    search.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(tableRows(el).map((cells) => cells[1])).to.deep.equal([
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
    ]);
    search.value = '';
    search.dispatchEvent(new Event('input'));
    buttonNamed(el, 'Pause').click();
    await el.updateComplete;
    store.emit({ type: 'TOOL_CALL_END', toolCallId: 'c1' });
    await nextFrame();
    await el.updateComplete;
    expect(tableRows(el)).to.have.length(4);
    expect(inspectorStatus(el)).to.contain('paused, 1 new');
    buttonNamed(el, 'Resume').click();
    await el.updateComplete;
    expect(tableRows(el)).to.have.length(5);
    buttonNamed(el, 'Clear').click();
    await el.updateComplete;
    expect(tableRows(el)).to.have.length(0);
    expect(inspectorStatus(el)).to.contain('0 events');
  });

  it('is complete from the keyboard: Tab to the table, arrows, Home, End and Page keys select', async () => {
    const store = handStore();
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    for (let index = 0; index < 200; index += 1) store.emit({ type: 'CUSTOM', name: `k-${index}` });
    await nextFrame();
    await el.updateComplete;
    const focusable = shadow(el).querySelector('tr.row[tabindex="0"]') as HTMLElement;
    focusable.focus();
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    const current = () => shadow(el).querySelector('tr[aria-current="true"]');
    expect(current()?.textContent).to.contain('k-0');
    expect(shadow(el).activeElement).to.equal(current());
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(current()?.textContent).to.contain('k-2');
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(current()?.textContent).to.contain('k-199');
    expect(shadow(el).activeElement).to.equal(current());
    await sendKeys({ press: 'PageUp' });
    await el.updateComplete;
    const after = Number(current()?.getAttribute('aria-rowindex'));
    expect(after).to.be.below(201).and.above(150);
    expect(shadow(el).querySelector('.detail')?.textContent).to.contain(`k-${after - 2}`);
  });
});

describe('<agent-inspector>: finding the store', () => {
  it('finds the provider it sits in by context, and one named with run="ID" by its public .store', async () => {
    const agent = scriptedAgent((input) => [started(input), finished(input)]);
    const wrapper = await fixture<HTMLElement>(
      html`<div>
        <agent-run id="inspected" .agent=${agent}>
          <agent-inspector></agent-inspector>
        </agent-run>
        <agent-inspector run="inspected"></agent-inspector>
      </div>`,
    );
    const provider = wrapper.querySelector('agent-run') as AgentRun;
    const [inside, outside] = [...wrapper.querySelectorAll('agent-inspector')] as AgentInspector[];
    provider.store.run();
    await waitForStatus(provider.store, 'Completed');
    await untilEvents(inside as AgentInspector, 3);
    await untilEvents(outside as AgentInspector, 3);
    await nextFrame();
    await (outside as AgentInspector).updateComplete;
    expect(tableRows(outside as AgentInspector).map((cells) => cells[1])).to.deep.equal([
      'Run input',
      'RUN_STARTED',
      'RUN_FINISHED',
    ]);
  });

  it('waits for a provider named before it exists', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div><agent-inspector run="later"></agent-inspector></div>`,
    );
    const el = wrapper.querySelector('agent-inspector') as AgentInspector;
    expect(inspectorStatus(el)).to.contain('No run store yet');
    const provider = document.createElement('agent-run') as AgentRun;
    provider.id = 'later';
    provider.agent = scriptedAgent((input) => [started(input), finished(input)]);
    wrapper.append(provider);
    await until(() => !inspectorStatus(el).includes('No run store'));
    provider.store.run();
    await untilEvents(el, 3);
  });

  it('passes axe empty, with events and with a failure selected, and unsubscribes when removed', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      snapshot([API]),
      delta([{ op: 'remove', path: '/services/9' }]),
    ]);
    const store = new RunStore({ agent, threadId: 'thread-axe' }).use(createAnalysisPlugin());
    const el = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    await expect(el).to.be.accessible();
    store.run();
    await waitForStatus(store, 'Failed');
    await untilEvents(el, 4);
    await selectRow(el, 3);
    await expect(el).to.be.accessible();
    el.setAttribute('theme', 'dark');
    await expect(el).to.be.accessible();
    el.remove();
    const before = el.eventCount;
    store.run();
    await waitForStatus(store, 'Failed');
    expect(el.eventCount).to.equal(before);
  });
});
