// Helpers for inspector tests: an agent that sends every AG-UI 1.0 event type, and reading the inspector's table.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { until } from './elements.js';

const e = (type: string, fields: Record<string, unknown> = {}) =>
  ({ type, ...fields }) as BaseEvent;

/** The 31 event types of AG-UI 1.0. */
export const ALL_TYPES = [
  'RUN_STARTED',
  'RUN_FINISHED',
  'RUN_ERROR',
  'STEP_STARTED',
  'STEP_FINISHED',
  'TEXT_MESSAGE_START',
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END',
  'TEXT_MESSAGE_CHUNK',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_CHUNK',
  'TOOL_CALL_RESULT',
  'STATE_SNAPSHOT',
  'STATE_DELTA',
  'MESSAGES_SNAPSHOT',
  'ACTIVITY_SNAPSHOT',
  'ACTIVITY_DELTA',
  'REASONING_START',
  'REASONING_END',
  'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT',
  'REASONING_MESSAGE_END',
  'REASONING_MESSAGE_CHUNK',
  'REASONING_ENCRYPTED_VALUE',
  'SUBAGENT_STARTED',
  'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
  'RAW',
  'CUSTOM',
] as const;

/** A first run with every type but RUN_ERROR, each paired with text its summary must show. */
export function everyTypeRun(input: RunAgentInput): { event: BaseEvent; shows: string }[] {
  const { threadId, runId } = input;
  return [
    { event: e('RUN_STARTED', { threadId, runId }), shows: `run ${runId}` },
    { event: e('STEP_STARTED', { stepName: 'plan' }), shows: 'plan' },
    {
      event: e('TEXT_MESSAGE_START', { messageId: 'm1', role: 'assistant' }),
      shows: 'm1 · assistant',
    },
    {
      event: e('TEXT_MESSAGE_CONTENT', { messageId: 'm1', delta: 'Hello ' }),
      shows: 'm1 "Hello "',
    },
    {
      event: e('TEXT_MESSAGE_CONTENT', { messageId: 'm1', delta: 'world' }),
      shows: 'm1 "Hello world"',
    },
    { event: e('TEXT_MESSAGE_END', { messageId: 'm1' }), shows: 'm1' },
    {
      event: e('TEXT_MESSAGE_CHUNK', { messageId: 'm2', role: 'assistant', delta: 'Chunky' }),
      shows: 'm2 "Chunky"',
    },
    {
      event: e('TOOL_CALL_START', {
        toolCallId: 't1',
        toolCallName: 'lookup',
        parentMessageId: 'm1',
      }),
      shows: 'lookup · t1',
    },
    {
      event: e('TOOL_CALL_ARGS', { toolCallId: 't1', delta: '{"q":1}' }),
      shows: 'lookup "{\\"q\\":1}"',
    },
    { event: e('TOOL_CALL_END', { toolCallId: 't1' }), shows: 'lookup · t1' },
    {
      event: e('TOOL_CALL_RESULT', { messageId: 'res1', toolCallId: 't1', content: 'found it' }),
      shows: 'lookup → "found it"',
    },
    {
      event: e('TOOL_CALL_CHUNK', {
        toolCallId: 't2',
        toolCallName: 'search',
        delta: '{}',
        parentMessageId: 'm1',
      }),
      shows: 'search "{}"',
    },
    {
      event: e('STATE_SNAPSHOT', { snapshot: { count: 1, items: [] } }),
      shows: 'keys count, items',
    },
    {
      event: e('STATE_DELTA', { delta: [{ op: 'replace', path: '/count', value: 2 }] }),
      shows: 'replace /count',
    },
    {
      event: e('MESSAGES_SNAPSHOT', {
        messages: [{ id: 'm1', role: 'assistant', content: 'Hello world' }],
      }),
      shows: '1 messages',
    },
    {
      event: e('ACTIVITY_SNAPSHOT', {
        messageId: 'a1',
        activityType: 'PLAN',
        content: { steps: [] },
      }),
      shows: 'PLAN · a1',
    },
    {
      event: e('ACTIVITY_DELTA', {
        messageId: 'a1',
        activityType: 'PLAN',
        patch: [{ op: 'add', path: '/steps/-', value: 'look' }],
      }),
      shows: 'PLAN · add /steps/-',
    },
    { event: e('REASONING_START', { messageId: 'r1' }), shows: 'r1' },
    {
      event: e('REASONING_MESSAGE_START', { messageId: 'rm1', role: 'reasoning' }),
      shows: 'rm1 · reasoning',
    },
    {
      event: e('REASONING_MESSAGE_CONTENT', { messageId: 'rm1', delta: 'thinking' }),
      shows: 'rm1 "thinking"',
    },
    { event: e('REASONING_MESSAGE_END', { messageId: 'rm1' }), shows: 'rm1' },
    {
      event: e('REASONING_MESSAGE_CHUNK', { messageId: 'rm2', delta: 'more' }),
      shows: 'rm2 "more"',
    },
    { event: e('REASONING_END', { messageId: 'r1' }), shows: 'r1' },
    {
      event: e('REASONING_ENCRYPTED_VALUE', {
        subtype: 'message',
        entityId: 'rm1',
        encryptedValue: 'abcd',
      }),
      shows: 'message rm1 · 4 chars',
    },
    { event: e('SUBAGENT_STARTED', { subagentRunId: 's1', name: 'helper' }), shows: 'helper · s1' },
    { event: e('SUBAGENT_FINISHED', { subagentRunId: 's1' }), shows: 's1 · success' },
    { event: e('SUBAGENT_STARTED', { subagentRunId: 's2', name: 'other' }), shows: 'other · s2' },
    { event: e('SUBAGENT_ERROR', { subagentRunId: 's2', message: 'boom' }), shows: 's2 · boom' },
    { event: e('RAW', { event: { x: 1 }, source: 'provider' }), shows: 'provider · "{\\"x\\":1}"' },
    { event: e('CUSTOM', { name: 'note', value: 'hi' }), shows: 'note "hi"' },
    { event: e('STEP_FINISHED', { stepName: 'plan' }), shows: 'plan' },
    {
      event: e('RUN_FINISHED', {
        threadId,
        runId,
        outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'approval' }] },
      }),
      shows: 'interrupt (approval)',
    },
  ];
}

/** A second run that ends with RUN_ERROR. */
export function errorRun(input: RunAgentInput): { event: BaseEvent; shows: string }[] {
  return [
    { event: e('RUN_STARTED', { threadId: input.threadId, runId: input.runId }), shows: '' },
    {
      event: e('RUN_ERROR', { message: 'model overloaded', code: '529' }),
      shows: 'model overloaded (529)',
    },
  ];
}

/** The table's rendered rows as [time, type, summary, size] texts. */
export function tableRows(inspector: Element): string[][] {
  return [...(inspector.shadowRoot?.querySelectorAll('tr.row') ?? [])].map((row) =>
    [...row.querySelectorAll('td')].map((cell) =>
      (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
    ),
  );
}

export function inspectorStatus(inspector: Element): string {
  return (
    inspector.shadowRoot?.querySelector('.status')?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
  );
}

/** Waits until the inspector's log holds `count` events. */
export function untilEvents(
  inspector: Element & { eventCount: number },
  count: number,
): Promise<void> {
  return until(() => inspector.eventCount >= count, 10_000);
}
