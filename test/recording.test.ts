import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import '../components/agent-inspector/define-inspector.js';
import type { AgentInspector } from '../components/agent-inspector/agent-inspector.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { selectDisclosure } from '../components/shared/disclosure.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { createReplayAgent } from '../src/fixtures/replay-agent.js';
import { parseRecording, RecordingFormatError } from '../src/recording/format.js';
import { lazyRecordingAgent } from '../src/recording/lazy-recording-agent.js';
import { recordingFromRecords } from '../src/recording/from-records.js';
import type { TapRecord } from '../src/store/event-tap.js';
import { RunStore } from '../src/store/run-store.js';
import type { RunStoreState } from '../src/store/types.js';
import { finished, scriptedAgent, started, waitForState, waitForStatus } from './support/agents.js';
import { nextFrame, until } from './support/elements.js';
import { inspectorStatus, untilEvents } from './support/inspector.js';

/** What a person sees of a conversation: run status, agent state, message texts, artifacts. */
function seen(state: RunStoreState) {
  return {
    status: state.run.status,
    agentState: state.agentState.value,
    messages: state.messages.map((message) => ({
      role: message.role,
      parts: message.parts.map((part) =>
        part.kind === 'text' || part.kind === 'reasoning'
          ? `${part.kind}: ${part.text}`
          : part.kind === 'tool-call'
            ? `tool ${part.name} ${part.status} ${part.argsText}`
            : part.kind,
      ),
    })),
    artifacts: state.artifacts,
  };
}

function lines(text: string): Record<string, unknown>[] {
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('Recordings: record and replay', () => {
  it('records a fixture run and replays it as an agent to the same final state', async () => {
    const store = new RunStore({
      agent: createReplayAgent({ timeScale: 0 }),
      threadId: 'thread-rec',
    }).use(createAnalysisPlugin());
    const inspector = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    store.run({ scenario: 'normal' });
    await waitForStatus(store, 'Completed');
    const firstRun = store.getState().run.id;
    store.send('Diagnose the services');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    const secondRun = store.getState().run.id;
    const recording = inspector.recording();
    const [header, ...events] = lines(recording);
    expect(header).to.include({ format: 'agui-recording', version: 1 });
    // Run ids are random (unique across stores): the header names both runs, in order.
    expect((header?.runs as RunAgentInput[]).map((input) => input.runId)).to.deep.equal([
      firstRun,
      secondRun,
    ]);
    expect((header?.runs as RunAgentInput[])[0]?.forwardedProps).to.deep.equal({
      scenario: 'normal',
    });
    for (const line of events) {
      expect(Object.keys(line).sort()).to.deep.equal(['event', 't']);
      expect(line.t).to.be.a('number');
    }
    const replay = await fixture<AgentRun>(
      html`<agent-run source="recording" speed="0" .recording=${recording}></agent-run>`,
    );
    replay.store.run({ scenario: 'normal' });
    await waitForStatus(replay.store, 'Completed');
    replay.store.send('Diagnose the services');
    await waitForStatus(replay.store, 'Completed');
    expect(seen(replay.store.getState())).to.deep.equal(seen(store.getState()));
    expect(selectDisclosure(replay.store.getState())).to.equal(
      'A recorded AG-UI stream replayed in the page — no live agent.',
    );
  });

  it('writes an expanded chunk once, as the agent sent it, and replays it the same', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', role: 'assistant', delta: 'Hel' } as BaseEvent,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', delta: 'lo' } as BaseEvent,
      { ...finished(input), finishReason: 'stop' } as BaseEvent,
    ]);
    const store = new RunStore({ agent, threadId: 'thread-chunk' });
    const inspector = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    store.run();
    await waitForStatus(store, 'Completed');
    const events = lines(inspector.recording())
      .slice(1)
      .map((line) => line.event as BaseEvent);
    expect(events.map((event) => event.type)).to.deep.equal([
      'RUN_STARTED',
      'TEXT_MESSAGE_CHUNK',
      'TEXT_MESSAGE_CHUNK',
      'RUN_FINISHED',
    ]);
    expect(events[3]).to.have.property('finishReason', 'stop');
    const replay = new RunStore({ agent: recordingAgentOf(inspector.recording()) });
    replay.run();
    await waitForStatus(replay, 'Completed');
    expect(seen(replay.getState()).messages).to.deep.equal(seen(store.getState()).messages);
  });

  it('plays each recorded run on the next Run, at the recorded timing scaled by speed', async () => {
    const recording = [
      JSON.stringify({ format: 'agui-recording', version: 1, runs: [] }),
      JSON.stringify({ t: 0, event: { type: 'RUN_STARTED', threadId: 'a', runId: 'r1' } }),
      JSON.stringify({ t: 400, event: { type: 'STATE_SNAPSHOT', snapshot: { step: 1 } } }),
      JSON.stringify({ t: 800, event: { type: 'RUN_FINISHED', threadId: 'a', runId: 'r1' } }),
      JSON.stringify({ t: 0, event: { type: 'RUN_STARTED', threadId: 'a', runId: 'r2' } }),
      JSON.stringify({ t: 10, event: { type: 'STATE_SNAPSHOT', snapshot: { step: 2 } } }),
      JSON.stringify({ t: 20, event: { type: 'RUN_FINISHED', threadId: 'a', runId: 'r2' } }),
    ].join('\n');
    const replay = await fixture<AgentRun>(
      html`<agent-run source="recording" speed="4" .recording=${recording}></agent-run>`,
    );
    const started = performance.now();
    replay.store.run();
    await waitForStatus(replay.store, 'Completed');
    // 800 ms recorded at speed 4 take at least 200 ms: a lower bound, which a loaded machine cannot break.
    expect(performance.now() - started).to.be.at.least(190);
    expect(replay.store.getState().agentState.value).to.deep.equal({ step: 1 });
    replay.store.run();
    await waitForStatus(replay.store, 'Completed');
    expect(replay.store.getState().agentState.value).to.deep.equal({ step: 2 });
    replay.store.run();
    const failed = await waitForStatus(replay.store, 'Failed');
    expect(failed.run.failure?.reason).to.contain('no run 3');
  });

  it('loads recording="URL" on the first run only', async () => {
    const body = [
      JSON.stringify({ format: 'agui-recording', version: 1, runs: [] }),
      JSON.stringify({ t: 0, event: { type: 'RUN_STARTED', threadId: 'a', runId: 'r1' } }),
      JSON.stringify({ t: 0, event: { type: 'STATE_SNAPSHOT', snapshot: { from: 'url' } } }),
      JSON.stringify({ t: 0, event: { type: 'RUN_FINISHED', threadId: 'a', runId: 'r1' } }),
    ].join('\n');
    const url = URL.createObjectURL(new Blob([body]));
    const loaded: string[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === url) loaded.push(entry.name);
    });
    observer.observe({ type: 'resource', buffered: true });
    const replay = await fixture<AgentRun>(
      html`<agent-run source="recording" speed="0" recording=${url}></agent-run>`,
    );
    await nextFrame();
    expect(performance.getEntriesByName(url)).to.have.length(0);
    replay.store.run();
    await waitForStatus(replay.store, 'Completed');
    expect(replay.store.getState().agentState.value).to.deep.equal({ from: 'url' });
    observer.disconnect();
  });
});

function recordingAgentOf(text: string) {
  return lazyRecordingAgent({
    recording: () => text,
    speed: () => 0,
    baseURI: () => location.href,
  });
}

describe('Recordings: malformed input', () => {
  const header = JSON.stringify({ format: 'agui-recording', version: 1, runs: [] });
  const cases: [string, string, string][] = [
    [
      'a line that is not JSON',
      `${header}\n{"t":0,"event":{"type":"RUN_STARTED"}}\n{oops`,
      'Recording line 3: not JSON',
    ],
    ['a wrong first line', '{"hello":1}', 'Recording line 1: the first line must be'],
    [
      'an unknown version',
      '{"format":"agui-recording","version":9,"runs":[]}',
      'Recording line 1: the first line must be',
    ],
    [
      'a line without t',
      `${header}\n\n{"event":{"type":"RUN_STARTED"}}`,
      'Recording line 3: expected {"t"',
    ],
    ['an event without a type', `${header}\n{"t":1,"event":{}}`, 'Recording line 2: expected {"t"'],
    ['an empty recording', '', 'Recording line 1: the first line must be'],
  ];
  for (const [name, text, reason] of cases) {
    it(`fails the replay on ${name}, naming the line`, async () => {
      expect(() => parseRecording(text)).to.throw(RecordingFormatError, reason);
      const replay = await fixture<AgentRun>(
        html`<agent-run source="recording" speed="0" .recording=${text}></agent-run>`,
      );
      replay.store.run();
      const failed = await waitForStatus(replay.store, 'Failed');
      expect(failed.run.failure?.reason).to.contain(reason);
    });
  }
});

describe('Recordings: redaction', () => {
  const input = (): RunAgentInput => ({
    threadId: 't',
    runId: 'run-1',
    messages: [
      {
        id: 'u1',
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', source: { type: 'data', value: 'aGVsbG8=', mimeType: 'image/png' } },
        ],
      },
    ] as RunAgentInput['messages'],
    tools: [],
    context: [{ description: 'user email', value: 'someone@example.com' }],
    forwardedProps: { scenario: 'normal', headers: { authorization: 'Bearer secret' } },
  });
  const records = (): TapRecord[] => [
    { kind: 'run-start', at: 100, run: 1, runId: 'run-1', input: input() },
    {
      kind: 'event',
      at: 110,
      run: 1,
      runId: 'run-1',
      event: { type: 'RUN_STARTED', threadId: 't', runId: 'run-1' } as BaseEvent,
    },
    {
      kind: 'event',
      at: 130,
      run: 1,
      runId: 'run-1',
      event: { type: 'MESSAGES_SNAPSHOT', messages: input().messages } as BaseEvent,
    },
  ];

  it('never writes headers and replaces attachment bytes by their size and type by default', () => {
    const text = recordingFromRecords(records());
    expect(text).not.to.contain('Bearer secret');
    expect(text).not.to.contain('authorization');
    expect(text).not.to.contain('aGVsbG8=');
    const [header, , snapshotLine] = lines(text);
    const part = ((header?.runs as RunAgentInput[])[0]?.messages[0]?.content as unknown[])[1];
    expect(part).to.deep.equal({
      type: 'image',
      source: { type: 'data', value: '', mimeType: 'image/png', redactedBytes: 5 },
    });
    expect(JSON.stringify(snapshotLine)).to.contain('"redactedBytes":5');
    expect(snapshotLine?.t).to.equal(30);
  });

  it('lets the host mask context and forwarded props, or drop lines, with .redact', async () => {
    const store = new RunStore({
      agent: scriptedAgent((runInput) => [started(runInput), finished(runInput)]),
      context: [{ description: 'user email', value: 'someone@example.com' }],
    });
    const inspector = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    inspector.redact = (line, info) => {
      if (info.kind === 'header' && 'runs' in line) {
        return {
          ...line,
          runs: line.runs.map((run) => ({
            ...run,
            context: run.context.map((item) => ({ ...item, value: '***' })),
            forwardedProps: {},
          })),
        };
      }
      return 'event' in line && line.event.type === 'RUN_FINISHED' ? null : line;
    };
    store.run({ scenario: 'normal' });
    await waitForStatus(store, 'Completed');
    await untilEvents(inspector, 3);
    const [header, ...rest] = lines(inspector.recording());
    const run = (header?.runs as RunAgentInput[])[0];
    expect(run?.context).to.deep.equal([{ description: 'user email', value: '***' }]);
    expect(run?.forwardedProps).to.deep.equal({});
    expect(rest.map((line) => (line.event as BaseEvent).type)).to.deep.equal(['RUN_STARTED']);
  });

  it('says so in the page when the host’s .redact throws, instead of throwing', async () => {
    const store = new RunStore({
      agent: scriptedAgent((runInput) => [started(runInput), finished(runInput)]),
    });
    const inspector = await fixture<AgentInspector>(
      html`<agent-inspector .store=${store}></agent-inspector>`,
    );
    inspector.redact = () => {
      throw new Error('redaction broke');
    };
    store.run();
    await waitForStatus(store, 'Completed');
    const button = [...(inspector.shadowRoot?.querySelectorAll('button') ?? [])].find(
      (candidate) => candidate.textContent?.trim() === 'Download recording',
    ) as HTMLButtonElement;
    button.click();
    await inspector.updateComplete;
    expect(inspector.shadowRoot?.querySelector('[role="alert"]')?.textContent).to.equal(
      'The recording could not be written: redaction broke',
    );
  });

  it('keeps attachment bytes only when asked to', () => {
    expect(recordingFromRecords(records(), { keepAttachmentData: true })).to.contain('aGVsbG8=');
  });
});

describe('Recordings: the story’s recording file', () => {
  it('replays stories/recordings/analysis.jsonl: a normal run, then the invalid patch marked where it failed', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div>
        <agent-run
          id="story-file"
          source="recording"
          speed="0"
          recording="/stories/recordings/analysis.jsonl"
        >
        </agent-run>
        <agent-inspector run="story-file"></agent-inspector>
      </div>`,
    );
    const replay = wrapper.querySelector('agent-run') as AgentRun;
    const inspector = wrapper.querySelector('agent-inspector') as AgentInspector;
    await until(() => !inspectorStatus(inspector).includes('No run store'));
    replay.store.run({ scenario: 'normal' });
    await waitForStatus(replay.store, 'Completed');
    replay.store.run({ scenario: 'invalid' });
    const failed = await waitForStatus(replay.store, 'Failed');
    expect(failed.run.failure?.reason).to.contain('State patch rejected');
    await nextFrame();
    await inspector.updateComplete;
    const marked = inspector.shadowRoot?.querySelector('tr.failed');
    expect(marked?.textContent).to.contain(failed.run.failure?.reason as string);
  });
});

describe('Recordings: replay control', () => {
  const recordingOf = (value: number, gap = 0) =>
    [
      JSON.stringify({ format: 'agui-recording', version: 1, runs: [] }),
      JSON.stringify({ t: 0, event: { type: 'RUN_STARTED', threadId: 'a', runId: 'r' } }),
      JSON.stringify({ t: gap, event: { type: 'STATE_SNAPSHOT', snapshot: { value } } }),
      JSON.stringify({ t: gap, event: { type: 'RUN_FINISHED', threadId: 'a', runId: 'r' } }),
    ].join('\n');

  it('starts again from the first run when the host sets another recording', async () => {
    const replay = await fixture<AgentRun>(
      html`<agent-run source="recording" speed="0" .recording=${recordingOf(1)}></agent-run>`,
    );
    replay.store.run();
    await waitForStatus(replay.store, 'Completed');
    replay.recording = recordingOf(2);
    await replay.updateComplete;
    replay.store.run();
    await waitForStatus(replay.store, 'Completed');
    expect(replay.store.getState().agentState.value).to.deep.equal({ value: 2 });
  });

  it('stops a replay on Cancel: its later events change nothing', async () => {
    const replay = await fixture<AgentRun>(
      html`<agent-run source="recording" .recording=${recordingOf(3, 60_000)}></agent-run>`,
    );
    replay.store.run();
    await waitForStatus(replay.store, 'Streaming');
    replay.store.cancel();
    const cancelled = await waitForStatus(replay.store, 'Cancelled');
    expect(cancelled.agentState.value).to.deep.equal({});
  });
});
