// The deterministic fixtures: exact scripts, timing, dispatch, the chat recipe, approvals and synthetic data.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { from, lastValueFrom, toArray } from 'rxjs';
import { enforceEvents, verifyEvents } from '@ag-ui/client';
import { EventType } from '@ag-ui/core';
import type { BaseEvent } from '@ag-ui/core';
// fast-json-patch is CommonJS in Node: its named exports come through the default export.
import jsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import {
  APPROVED_WORK_ORDER_ID,
  AWAITED_INSPECT_SUFFIX,
  BASELINE_SERVICES,
  BUCKET_COUNT,
  CHAT_INTENTS,
  EVENTS_SERVICE,
  FINAL_SERVICES,
  FixtureDataError,
  FixtureInputError,
  SLOW_STEP_MS,
  STEP_MS,
  TOKEN_MS,
  cellKnowledge,
  chatIntent,
  diagnose,
  finalDiagnosticCard,
  fixtureScript,
  parseServicesResult,
  routeFixture,
  signalIdsOfCell,
  signalSeries,
  tokenize,
  workOrder,
} from '../../src/fixtures/index.js';
import type { FixtureScript, Service } from '../../src/fixtures/index.js';
import { runInput } from './fixture-server.js';
import { allInputs, chatInput, continuationInput, scenarioInput, user } from './inputs.js';

const eventsOf = (script: FixtureScript): BaseEvent[] => script.map((timed) => timed.event);
const typesOf = (script: FixtureScript): string[] => script.map((timed) => timed.event.type);
const ofType = <T extends BaseEvent = BaseEvent>(script: FixtureScript, type: EventType): T[] =>
  eventsOf(script).filter((event) => event.type === type) as T[];

interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly parentMessageId: string | undefined;
  readonly args: unknown;
  readonly result: string | undefined;
}

/** The tool calls of a script with their joined arguments and (the agent's own) results. */
function toolCalls(script: FixtureScript): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const { event } of script) {
    if (event.type === EventType.TOOL_CALL_START) {
      calls.push({
        id: String(event.toolCallId),
        name: String(event.toolCallName),
        parentMessageId: event.parentMessageId as string | undefined,
        args: '',
        result: undefined,
      });
    }
  }
  return calls.map((call) => {
    const args = eventsOf(script)
      .filter((event) => event.type === EventType.TOOL_CALL_ARGS && event.toolCallId === call.id)
      .map((event) => String(event.delta))
      .join('');
    const result = eventsOf(script).find(
      (event) => event.type === EventType.TOOL_CALL_RESULT && event.toolCallId === call.id,
    );
    return {
      ...call,
      args: JSON.parse(args) as unknown,
      result: result ? String(result.content) : undefined,
    };
  });
}

/** The narration of a script, message by message. */
function narration(script: FixtureScript): string[] {
  const texts = new Map<string, string>();
  for (const { event } of script) {
    if (event.type === EventType.TEXT_MESSAGE_START) texts.set(String(event.messageId), '');
    if (event.type === EventType.TEXT_MESSAGE_CONTENT) {
      texts.set(
        String(event.messageId),
        `${texts.get(String(event.messageId)) ?? ''}${String(event.delta)}`,
      );
    }
  }
  return [...texts.values()];
}

/** Applies every STATE_* event in order (patches validated), returning each state reached. */
function statesOf(script: FixtureScript): unknown[] {
  const states: unknown[] = [];
  let state: unknown = undefined;
  for (const { event } of script) {
    if (event.type === EventType.STATE_SNAPSHOT) state = structuredClone(event.snapshot);
    if (event.type === EventType.STATE_DELTA) {
      state = jsonPatch.applyPatch(
        structuredClone(state),
        event.delta as Operation[],
        true,
        false,
      ).newDocument;
    }
    if (event.type === EventType.STATE_SNAPSHOT || event.type === EventType.STATE_DELTA)
      states.push(state);
  }
  return states;
}

/** Runs events through @ag-ui/client's enforceEvents and verifyEvents with warnings on; returns what came out. */
async function throughClientPipeline(
  events: BaseEvent[],
): Promise<{ out: BaseEvent[]; warnings: string[] }> {
  const suppressed = process.env.SUPPRESS_TRANSFORMATION_WARNINGS;
  delete process.env.SUPPRESS_TRANSFORMATION_WARNINGS;
  const warnings: string[] = [];
  const originalWarn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    const out = await lastValueFrom(from(events).pipe(enforceEvents(), verifyEvents(), toArray()));
    return { out, warnings };
  } finally {
    console.warn = originalWarn;
    if (suppressed !== undefined) process.env.SUPPRESS_TRANSFORMATION_WARNINGS = suppressed;
  }
}

const STEP_START_TYPES = new Set<string>([
  EventType.TEXT_MESSAGE_START,
  EventType.TOOL_CALL_START,
  EventType.STATE_SNAPSHOT,
  EventType.STATE_DELTA,
  EventType.CUSTOM,
  EventType.RUN_FINISHED,
]);

/** Asserts the pacing rules: 0 ms first, the step gap before each step, 20 ms between fragments, 0 otherwise. */
function assertPacing(script: FixtureScript, gapBefore: number, gapAfterSnapshot: number): void {
  assert.equal(script[0]!.delayMs, 0);
  assert.equal(script[0]!.event.type, EventType.RUN_STARTED);
  let snapshotSeen = false;
  script.slice(1).forEach(({ delayMs, event }, index) => {
    const previous = script[index]!.event;
    const label = `event ${index + 1} (${event.type})`;
    if (STEP_START_TYPES.has(event.type)) {
      assert.equal(delayMs, snapshotSeen ? gapAfterSnapshot : gapBefore, label);
    } else if (
      event.type === EventType.TEXT_MESSAGE_CONTENT ||
      event.type === EventType.TOOL_CALL_ARGS
    ) {
      const firstFragment = previous.type !== event.type;
      assert.equal(delayMs, firstFragment ? 0 : TOKEN_MS, label);
    } else {
      assert.equal(delayMs, 0, label);
    }
    if (event.type === EventType.STATE_SNAPSHOT) snapshotSeen = true;
  });
}

describe('analysis scenarios', () => {
  it('streams the normal analysis: snapshot, API at 145, reversed order, Events added, in that order', () => {
    const script = fixtureScript(scenarioInput('normal'));
    const stateTypes = typesOf(script).filter(
      (type) => type.startsWith('STATE_') || type.startsWith('RUN_'),
    );
    assert.deepEqual(stateTypes, [
      'RUN_STARTED',
      'STATE_SNAPSHOT',
      'STATE_DELTA',
      'STATE_DELTA',
      'STATE_DELTA',
      'RUN_FINISHED',
    ]);
    const [snapshot, raised, reversed, added] = statesOf(script);
    assert.deepEqual(snapshot, { services: BASELINE_SERVICES });
    assert.deepEqual(raised, {
      services: [
        { ...BASELINE_SERVICES[0]!, latency: 145 },
        BASELINE_SERVICES[1],
        BASELINE_SERVICES[2],
      ],
    });
    assert.deepEqual(
      (reversed as { services: Service[] }).services.map((service) => [
        service.id,
        service.latency,
      ]),
      [
        ['queue', 90],
        ['search', 110],
        ['api', 145],
      ],
    );
    assert.deepEqual(added, { services: FINAL_SERVICES });
    assert.deepEqual(FINAL_SERVICES.at(-1), EVENTS_SERVICE);
    assert.equal(script.at(-1)!.event.type, EventType.RUN_FINISHED);
  });

  it('lists the normal scenario event types in order (text and argument streams collapsed)', () => {
    const collapsed = typesOf(fixtureScript(scenarioInput('normal'))).filter(
      (type, index, all) =>
        !(
          type === all[index - 1] &&
          (type === 'TEXT_MESSAGE_CONTENT' || type === 'TOOL_CALL_ARGS')
        ),
    );
    assert.deepEqual(collapsed, [
      'RUN_STARTED',
      ...['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END'],
      ...['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT'],
      'STATE_SNAPSHOT',
      'STATE_DELTA',
      ...['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END'],
      ...['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END'],
      ...['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END'],
      'STATE_DELTA',
      'STATE_DELTA',
      ...['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END'],
      ...['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT'],
      'RUN_FINISHED',
    ]);
  });

  it('calls inspect_services (answered), select_service (never answered) and render_diagnostic_card (rendered)', () => {
    const script = fixtureScript(scenarioInput('normal'));
    const calls = toolCalls(script);
    assert.deepEqual(
      calls.map((call) => [call.name, call.result === undefined ? 'unanswered' : 'answered']),
      [
        ['inspect_services', 'answered'],
        ['select_service', 'unanswered'],
        ['render_diagnostic_card', 'answered'],
      ],
    );
    assert.deepEqual(JSON.parse(calls[0]!.result!), { services: BASELINE_SERVICES });
    assert.deepEqual(calls[1]!.args, { id: 'api' });
    assert.equal(calls[2]!.result, 'rendered');
    const messageIds = ofType(script, EventType.TEXT_MESSAGE_START).map((event) => event.messageId);
    for (const call of calls) {
      assert.ok(
        messageIds.includes(call.parentMessageId),
        `${call.name} names an assistant message`,
      );
      const startIndex = script.findIndex(
        (timed) =>
          timed.event.type === EventType.TOOL_CALL_START && timed.event.toolCallId === call.id,
      );
      const parentIndex = script.findIndex(
        (timed) =>
          timed.event.type === EventType.TEXT_MESSAGE_START &&
          timed.event.messageId === call.parentMessageId,
      );
      assert.ok(parentIndex < startIndex, `${call.name} comes after its message`);
    }
  });

  it('derives the diagnostic card from the final data it streamed', () => {
    const script = fixtureScript(scenarioInput('normal'));
    const finalState = statesOf(script).at(-1) as { services: Service[] };
    const card = toolCalls(script).find((call) => call.name === 'render_diagnostic_card')!.args;
    assert.deepEqual(card, diagnose(BASELINE_SERVICES, finalState.services)!.card);
    assert.deepEqual(card, {
      title: 'API latency 2.4× baseline',
      confidence: 0.59,
      root_cause:
        'API latency rose from 60 ms to 145 ms (+142%) at unchanged volume (1,200 requests).',
      contributing_factors: [
        'Events (Platform) started reporting: 2,100 requests at 170 ms.',
        'Queue and Search latency unchanged against the baseline.',
        'Platform now carries 3,800 of 5,800 requests (66%).',
      ],
      cell_id: 1,
    });
    assert.deepEqual(card, finalDiagnosticCard());
  });

  it('leaves render calls to the client when the client declared the render tool', () => {
    const script = fixtureScript(
      runInput('run-2', {
        forwardedProps: { scenario: 'normal' },
        tools: [{ name: 'render_diagnostic_card', description: 'Shows a diagnosis' }],
      }),
    );
    const card = toolCalls(script).find((call) => call.name === 'render_diagnostic_card')!;
    assert.equal(card.result, undefined);
    assert.equal(
      toolCalls(script).find((call) => call.name === 'inspect_services')!.result !== undefined,
      true,
    );
  });

  it('sends one whole-or-nothing invalid patch after the snapshot, then a valid delta and the end', () => {
    const script = fixtureScript(scenarioInput('invalid'));
    const types = typesOf(script).filter((type) => !type.startsWith('TEXT_MESSAGE'));
    assert.deepEqual(types, [
      'RUN_STARTED',
      'STATE_SNAPSHOT',
      'CUSTOM',
      'STATE_DELTA',
      'STATE_DELTA',
      'RUN_FINISHED',
    ]);
    const [snapshot] = ofType(script, EventType.STATE_SNAPSHOT);
    const [invalid, valid] = ofType(script, EventType.STATE_DELTA);
    assert.deepEqual(invalid!.delta, [
      { op: 'replace', path: '/services/0/latency', value: 999 },
      { op: 'remove', path: '/services/99' },
    ]);
    const base = structuredClone(snapshot!.snapshot) as object;
    assert.throws(() =>
      jsonPatch.applyPatch(structuredClone(base), invalid!.delta as Operation[], true, false),
    );
    const patched = jsonPatch.applyPatch(
      structuredClone(base),
      valid!.delta as Operation[],
      true,
      false,
    ).newDocument;
    assert.equal((patched as { services: Service[] }).services[0]!.latency, 145);
  });

  it('raises one alert banner on the ui_render channel in the invalid scenario, before the bad patch', () => {
    const script = fixtureScript(scenarioInput('invalid', 'run-9'));
    const customs = ofType(script, EventType.CUSTOM);
    assert.equal(customs.length, 1);
    assert.deepEqual(customs[0], {
      type: EventType.CUSTOM,
      name: 'ui_render',
      value: {
        component: 'alert_banner',
        props: {
          severity: 'warning',
          cell_id: 1,
          message:
            'Sentinel: an API latency reading of 999 ms on cell 1 is outside the plausible range.',
          anomaly_id: 'anomaly-1-api-latency-999',
        },
        agent: 'sentinel',
        turn_id: 'run-9',
      },
    });
    const types = typesOf(script);
    assert.ok(types.indexOf('CUSTOM') < types.indexOf('STATE_DELTA'));
  });

  it('plays the same events in the slow scenario, 4 s apart after the snapshot', () => {
    const slow = fixtureScript(scenarioInput('slow'));
    assert.deepEqual(eventsOf(slow), eventsOf(fixtureScript(scenarioInput('normal'))));
    assertPacing(slow, STEP_MS, SLOW_STEP_MS);
    assert.equal(SLOW_STEP_MS, 4000);
  });

  for (const scenario of ['normal', 'invalid']) {
    it(`paces the ${scenario} scenario: 0 ms first, 650 ms between steps, tokens 20 ms apart`, () => {
      assertPacing(fixtureScript(scenarioInput(scenario)), STEP_MS, STEP_MS);
      assert.deepEqual([STEP_MS, TOKEN_MS], [650, 20]);
    });
  }

  it('takes thread and run ids from the input and derives every message and call id from the run id', () => {
    const script = fixtureScript(
      runInput('run-abc', { threadId: 'thread-x', forwardedProps: { scenario: 'normal' } }),
    );
    const [started] = ofType(script, EventType.RUN_STARTED);
    const [finished] = ofType(script, EventType.RUN_FINISHED);
    assert.deepEqual([started!.threadId, started!.runId], ['thread-x', 'run-abc']);
    assert.deepEqual([finished!.threadId, finished!.runId], ['thread-x', 'run-abc']);
    for (const { event } of script) {
      for (const key of ['messageId', 'toolCallId'] as const) {
        if (typeof event[key] === 'string')
          assert.ok((event[key] as string).startsWith('run-abc-'), String(event[key]));
      }
    }
    assert.deepEqual(
      fixtureScript(scenarioInput('normal', 'run-1')),
      fixtureScript(scenarioInput('normal', 'run-1')),
    );
  });

  it('streams narration that rejoins into whole paragraphs and calls itself a prepared recipe', () => {
    assert.deepEqual(tokenize('  **A** b\nc  '), ['  **A** ', 'b\n', 'c  ']);
    const texts = narration(fixtureScript(scenarioInput('normal')));
    assert.match(texts[0]!, /^\*\*Prepared recipe: service analysis\.\*\*/);
    for (const script of allScripts().map(([, s]) => s)) {
      for (const text of narration(script)) assert.doesNotMatch(text, /autonomous/i);
    }
  });
});

function allScripts(): Array<[string, FixtureScript]> {
  return allInputs().map(([name, input]) => [name, fixtureScript(input)]);
}

describe('every script against @ag-ui/client', () => {
  for (const [name, input] of allInputs()) {
    it(`passes enforceEvents and verifyEvents unchanged, without a warning: ${name}`, async () => {
      const events = eventsOf(fixtureScript(input));
      const { out, warnings } = await throughClientPipeline(events);
      assert.deepEqual(warnings, []);
      assert.deepEqual(out, events);
    });
  }

  it('notices a stripped property (the check above can fail)', async () => {
    const events: BaseEvent[] = [
      { type: EventType.RUN_STARTED, threadId: 't', runId: 'r', surprise: true },
      { type: EventType.RUN_FINISHED, threadId: 't', runId: 'r' },
    ];
    const { out, warnings } = await throughClientPipeline(events);
    assert.equal(warnings.length, 1);
    assert.notDeepEqual(out, events);
  });

  it('never sends a ui_render that duplicates one of its render_* calls', () => {
    for (const [name, script] of allScripts()) {
      const rendered = new Set(toolCalls(script).map((call) => call.name.replace(/^render_/, '')));
      for (const custom of ofType(script, EventType.CUSTOM)) {
        const component = (custom.value as { component: string }).component;
        assert.ok(!rendered.has(component), `${name}: ${component} sent twice`);
      }
    }
  });
});

describe('dispatch', () => {
  it('routes a resume first, even with a scenario and a user message', () => {
    const input = runInput('run-1', {
      resume: [{ interruptId: 'x-work-order-approval', status: 'cancelled' }],
      forwardedProps: { scenario: 'normal' },
      messages: [user('Run the analysis')],
    });
    assert.equal(routeFixture(input).kind, 'resume');
  });

  it('routes a scenario before any message', () => {
    const input = runInput('run-1', {
      forwardedProps: { scenario: 'slow' },
      messages: [user('Open a work order')],
    });
    assert.deepEqual(routeFixture(input), { kind: 'scenario', scenario: 'slow' });
  });

  it('continues the awaited diagnosis when the trailing tool result answers it', () => {
    const route = routeFixture(continuationInput('{"services":[]}'));
    assert.deepEqual(route, {
      kind: 'continue-diagnosis',
      toolCallId: `run-3${AWAITED_INSPECT_SUFFIX}`,
      resultText: '{"services":[]}',
    });
  });

  it('ignores presentation tool answers that ride along', () => {
    const input = runInput('run-2', {
      messages: [
        user('Why is API latency up?'),
        {
          id: 'a-1',
          role: 'assistant',
          toolCalls: [
            {
              id: 'c-1',
              type: 'function',
              function: { name: 'select_service', arguments: '{"id":"api"}' },
            },
          ],
        },
        { id: 't-1', role: 'tool', toolCallId: 'c-1', content: 'Selected API' },
      ],
    });
    assert.deepEqual(routeFixture(input), {
      kind: 'chat',
      intent: 'latency',
      text: 'Why is API latency up?',
    });
  });

  it('reads the last user message, text parts included', () => {
    const input = runInput('run-2', {
      messages: [
        user('Open a work order', 'u-1'),
        {
          id: 'u-2',
          role: 'user',
          content: [
            { type: 'text', text: 'Diagnose ' },
            { type: 'text', text: 'it' },
          ],
        },
      ],
    });
    assert.deepEqual(routeFixture(input), {
      kind: 'chat',
      intent: 'diagnose',
      text: 'Diagnose it',
    });
  });

  it('runs the normal analysis when there is neither a scenario nor a user message', () => {
    assert.deepEqual(routeFixture(runInput('run-1', { forwardedProps: { scenario: null } })), {
      kind: 'scenario',
      scenario: 'normal',
    });
    assert.deepEqual(fixtureScript(runInput('run-1')), fixtureScript(scenarioInput('normal')));
  });

  for (const scenario of ['fast', '', 'NORMAL', 42]) {
    it(`rejects the unknown scenario ${JSON.stringify(scenario)} with a FixtureInputError`, () => {
      assert.throws(
        () => fixtureScript(runInput('run-1', { forwardedProps: { scenario } })),
        (error: unknown) =>
          error instanceof FixtureInputError &&
          error.status === 400 &&
          /Unknown scenario/.test(error.message),
      );
    });
  }
});

describe('chat recipe', () => {
  it('picks intents from the table and its examples', () => {
    for (const entry of CHAT_INTENTS) assert.equal(chatIntent(entry.example), entry.intent);
    assert.equal(chatIntent('Why is API latency up?'), 'latency');
    assert.equal(chatIntent('what is the root cause?'), 'diagnose');
    assert.equal(chatIntent('please analyze'), 'analyse');
    assert.equal(chatIntent('open a work-order for cell 1'), 'work_order');
    assert.equal(chatIntent('hello'), 'help');
  });

  it('answers "analyse" with the normal analysis', () => {
    assert.deepEqual(
      eventsOf(fixtureScript(chatInput('Run the analysis'))),
      eventsOf(fixtureScript(scenarioInput('normal', 'run-7'))),
    );
  });

  it('answers "latency" with a signal chart whose props match the synthetic series', () => {
    const script = fixtureScript(chatInput('Why is API latency up?'));
    const calls = toolCalls(script);
    assert.deepEqual(
      calls.map((call) => call.name),
      ['render_signal_chart'],
    );
    const series = signalSeries(1, 24);
    assert.deepEqual(calls[0]!.args, {
      signal_def_id: 1,
      window_hours: 24,
      mark_anomaly_at: series.anomaly.at,
      threshold: series.threshold,
      cell_id: 1,
    });
    assert.equal(calls[0]!.result, 'rendered');
    assert.match(
      narration(script)[1]!,
      /peaks at 145 ms .* from 11:24 UTC, above the 120 ms threshold/,
    );
  });

  it('answers "diagnose" with KB progress and a diagnostic card from the data', () => {
    const script = fixtureScript(chatInput('Diagnose the services'));
    const calls = toolCalls(script);
    assert.deepEqual(
      calls.map((call) => [call.name, call.result]),
      [
        ['inspect_services', JSON.stringify({ services: FINAL_SERVICES })],
        ['render_kb_progress', 'rendered'],
        ['render_diagnostic_card', 'rendered'],
      ],
    );
    assert.equal((calls[1]!.args as { cell_id: number }).cell_id, 1);
    assert.deepEqual(calls[2]!.args, finalDiagnosticCard());
    assert.match(narration(script)[1]!, /latency objective of 120 ms p95/);
  });

  it('waits for the host when the host declared inspect_services, then continues from its result', () => {
    const waiting = fixtureScript(
      chatInput('Diagnose the services', {
        tools: [{ name: 'inspect_services', description: 'Reads services' }],
      }),
    );
    const [call] = toolCalls(waiting);
    assert.deepEqual(
      [call!.name, call!.result, call!.id],
      ['inspect_services', undefined, `run-7${AWAITED_INSPECT_SUFFIX}`],
    );
    assert.deepEqual(ofType(waiting, EventType.RUN_FINISHED)[0]!.outcome, {
      type: 'success',
      pendingToolCallIds: [call!.id],
    });

    const hostServices = [{ ...BASELINE_SERVICES[1]!, latency: 330 }, BASELINE_SERVICES[0]!];
    const continued = fixtureScript(continuationInput(JSON.stringify({ services: hostServices })));
    const card = toolCalls(continued).find((c) => c.name === 'render_diagnostic_card')!.args;
    assert.deepEqual(card, diagnose(BASELINE_SERVICES, hostServices)!.card);
    assert.equal((card as { cell_id: number }).cell_id, 2);
  });

  it('stops the diagnosis with a reason when the host result is not a services list', () => {
    const script = fixtureScript(continuationInput('{"services":[{"id":"api"}]}'));
    assert.deepEqual(toolCalls(script), []);
    assert.match(narration(script)[0]!, /cannot use it: service 1 is not a valid service/);
  });

  it('ends "work order" with a 1.0 interrupt outcome asking for approval', () => {
    const script = fixtureScript(chatInput('Open a work order'));
    assert.deepEqual(toolCalls(script), []);
    const [finished] = ofType(script, EventType.RUN_FINISHED);
    assert.deepEqual(finished!.outcome, {
      type: 'interrupt',
      interrupts: [
        {
          id: 'run-7-work-order-approval',
          reason: 'approval',
          message: 'Open a work order for API latency on cell 1?',
          responseSchema: {
            type: 'object',
            properties: { approved: { type: 'boolean' }, comment: { type: 'string' } },
            required: ['approved'],
            additionalProperties: false,
          },
        },
      ],
    });
  });

  it('opens the work order only for a resolved resume with approved: true', () => {
    const resumed = (entry: object): FixtureScript =>
      fixtureScript(runInput('run-8', { resume: [entry as never] }));
    const interruptId = 'run-7-work-order-approval';
    const approved = resumed({
      interruptId,
      status: 'resolved',
      payload: { approved: true, comment: 'Go ahead' },
    });
    const calls = toolCalls(approved);
    assert.deepEqual(
      calls.map((call) => [call.name, call.args, call.result]),
      [
        [
          'render_work_order_card',
          { work_order_id: APPROVED_WORK_ORDER_ID, printable: true, cell_id: 1 },
          'rendered',
        ],
      ],
    );
    assert.equal(workOrder(APPROVED_WORK_ORDER_ID).cell_id, 1);
    assert.match(
      narration(approved)[0]!,
      /Work order \*\*WO-1001\*\* is open.*Your comment: “Go ahead”/,
    );

    const denied = resumed({ interruptId, status: 'resolved', payload: { approved: false } });
    const cancelled = resumed({ interruptId, status: 'cancelled' });
    const malformed = resumed({ interruptId, status: 'resolved', payload: { approved: 'yes' } });
    for (const script of [denied, cancelled, malformed]) {
      assert.deepEqual(toolCalls(script), []);
      assert.match(narration(script)[0]!, /work order was not opened/);
    }
  });

  it('says nothing was resumed for an interrupt it never raised', () => {
    const script = fixtureScript(
      runInput('run-8', { resume: [{ interruptId: 'someone-else', status: 'cancelled' }] }),
    );
    assert.deepEqual(toolCalls(script), []);
    assert.match(narration(script)[0]!, /no open request `someone-else`/);
  });

  it('answers anything else by saying what the prepared recipe can do', () => {
    const [text] = narration(fixtureScript(chatInput('Tell me a joke')));
    assert.match(text!, /prepared recipe/);
    for (const entry of CHAT_INTENTS) assert.ok(text!.includes(entry.example), entry.example);
  });
});

describe('synthetic data', () => {
  it('generates the same series for the same id and window, and a different one for another id', () => {
    assert.deepEqual(signalSeries(1, 24), signalSeries(1, 24));
    assert.deepEqual(signalSeries('1', '24'), signalSeries(1, 24));
    assert.notDeepEqual(signalSeries(3, 24).points, signalSeries(4, 24).points);
  });

  it('buckets every window into 120 points with the anomaly inside it', () => {
    for (const [id, hours] of [1, 2, 3, 4, 5, 6].flatMap((id) =>
      [1, 24, 168].map((h) => [id, h] as const),
    )) {
      const series = signalSeries(id, hours);
      assert.equal(series.points.length, BUCKET_COUNT);
      assert.equal(series.bucket_seconds * BUCKET_COUNT, hours * 3600);
      assert.equal(series.points[0]!.t, series.start);
      const at = Date.parse(series.anomaly.at);
      assert.ok(at >= Date.parse(series.start) && at < Date.parse(series.end));
      assert.equal(series.points.filter((point) => point.value === series.anomaly.value).length, 1);
      assert.ok(series.anomaly.value > series.threshold);
    }
  });

  it('has two signal definitions for each of cells 1 to 3', () => {
    assert.deepEqual(
      [1, 2, 3].map((cell) => signalIdsOfCell(cell as 1 | 2 | 3)),
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    );
    for (const id of [1, 2, 3, 4, 5, 6])
      assert.equal(signalSeries(id, 1).cell_id, Math.ceil(id / 2));
  });

  const rejects = (lookup: () => unknown, status: number, message: RegExp): void => {
    assert.throws(lookup, (error: unknown) => {
      assert.ok(error instanceof FixtureDataError);
      assert.equal(error.status, status);
      assert.match(error.message, message);
      return true;
    });
  };

  it('rejects malformed or out-of-range parameters with 400 and unknown ids with 404', () => {
    for (const hours of [0, 169, 1.5, '24h', '', -1])
      rejects(() => signalSeries(1, hours), 400, /window_hours/);
    for (const id of ['abc', 0, -2, 2.5, '1e2'])
      rejects(() => signalSeries(id, 24), 400, /signal_def_id/);
    rejects(() => signalSeries(7, 24), 404, /Unknown signal definition 7/);
    rejects(() => cellKnowledge('cell-1'), 400, /cell_id/);
    rejects(() => cellKnowledge(4), 404, /Unknown cell 4/);
    rejects(() => workOrder('1001'), 400, /WO-/);
    rejects(() => workOrder('WO-9999'), 404, /Unknown work order WO-9999/);
  });

  it('describes cells and work orders consistently with the services', () => {
    assert.deepEqual(cellKnowledge(3).services, ['queue', 'events']);
    assert.deepEqual(cellKnowledge('2'), cellKnowledge(2));
    assert.equal(workOrder('WO-1003').cell_id, 3);
  });
});

describe('diagnosis', () => {
  it('finds nothing to diagnose when no service got slower', () => {
    assert.equal(diagnose(BASELINE_SERVICES, BASELINE_SERVICES), null);
  });

  it('reads a services list from a tool result and rejects what the state schema would', () => {
    assert.deepEqual(parseServicesResult(JSON.stringify({ services: BASELINE_SERVICES })), {
      ok: true,
      services: BASELINE_SERVICES,
    });
    assert.deepEqual(parseServicesResult('[]'), {
      ok: false,
      reason: 'the result has no services list',
    });
    const duplicate = JSON.stringify({ services: [BASELINE_SERVICES[0], BASELINE_SERVICES[0]] });
    assert.deepEqual(parseServicesResult(duplicate), {
      ok: false,
      reason: 'service id "api" appears twice',
    });
    const negative = JSON.stringify({ services: [{ ...BASELINE_SERVICES[0], latency: -1 }] });
    assert.equal(parseServicesResult(negative).ok, false);
  });
});
