// The store's schema stage against the client's own: for any event, the same output, the same error and the same
// warnings. Streamed events that strip to themselves take the fast path; the property holds either way.

import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { enforceEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { from, lastValueFrom, toArray, type OperatorFunction } from 'rxjs';
import '../../src/zod-setup.js';
import { enforceEventsFast, fastSchema } from '../../src/store/enforce-fast.js';

interface Outcome {
  readonly events?: unknown[];
  readonly error?: string;
  readonly warnings: string[];
}

let warnings: string[] = [];
const realWarn = console.warn;
beforeEach(() => {
  warnings = [];
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
});
afterEach(() => {
  console.warn = realWarn;
});

async function outcome(
  stage: OperatorFunction<BaseEvent, BaseEvent>,
  events: unknown[],
): Promise<Outcome> {
  warnings = [];
  try {
    const out = await lastValueFrom(from(events as BaseEvent[]).pipe(stage, toArray()));
    return { events: out, warnings };
  } catch (error) {
    return { error: String(error), warnings };
  }
}

const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('m1', 'delta', '/a/0', ''));
const anyValue = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('x', 'op', 'path'), fc.integer(), { maxKeys: 2 }),
);
/** Keys the schemas describe, some they do not, and the names of nested parts. */
const key = fc.constantFrom(
  'messageId',
  'toolCallId',
  'delta',
  'timestamp',
  'rawEvent',
  'metadata',
  'subagentRunId',
  'extra',
  'role',
);
const operation = fc.oneof(
  fc.record(
    {
      op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'bogus'),
      path: fc.oneof(fc.constantFrom('/a', '/a/0', '', 'a'), fc.integer()),
      from: fc.constantFrom('/b', 7),
      value: anyValue,
      extra: anyValue,
    },
    { requiredKeys: ['op'] },
  ),
  anyValue,
);
const streamed = fc.constantFrom(
  'TEXT_MESSAGE_CONTENT',
  'TOOL_CALL_ARGS',
  'REASONING_MESSAGE_CONTENT',
  'STATE_DELTA',
  'TEXT_MESSAGE_START',
  'NOT_AN_EVENT',
);
const event = fc
  .tuple(
    streamed,
    fc.dictionary(key, anyValue, { maxKeys: 4 }),
    fc.option(fc.array(operation, { maxLength: 3 }), { nil: undefined }),
  )
  .map(([type, fields, delta]) => {
    const built: Record<string, unknown> = { type, ...fields };
    if (delta !== undefined && type === 'STATE_DELTA') built.delta = delta;
    return built;
  });

describe('enforceEventsFast', () => {
  it('gives what the client’s enforceEvents gives for any event: output, error and warnings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 4 }), async (events) => {
        const ours = await outcome(enforceEventsFast(), events);
        const client = await outcome(enforceEvents(false), events);
        assert.deepEqual(ours, client);
      }),
      { numRuns: 600 },
    );
  });

  it('takes the fast path for the events a stream is made of, and not for ones the client would trim', () => {
    assert.ok(
      fastSchema({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hi', timestamp: 1 }),
    );
    assert.ok(fastSchema({ type: 'TOOL_CALL_ARGS', toolCallId: 't', delta: '{"a"' }));
    assert.ok(fastSchema({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'r', delta: 'so' }));
    assert.ok(
      fastSchema({
        type: 'STATE_DELTA',
        delta: [
          { op: 'replace', path: '/services/3/latencyMs', value: { nested: { kept: true } } },
          { op: 'move', from: '/a', path: '/b' },
          { op: 'remove', path: '/c' },
        ],
      }),
    );
    assert.equal(
      fastSchema({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hi', extra: 1 }),
      undefined,
    );
    assert.equal(
      fastSchema({ type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/c', value: 1 }] }),
      undefined,
    );
    assert.equal(
      fastSchema({ type: 'STATE_DELTA', delta: [{ op: 'nope', path: '/c' }] }),
      undefined,
    );
    assert.equal(fastSchema({ type: 'STATE_DELTA', delta: 'not a list' }), undefined);
    assert.equal(fastSchema({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }), undefined);
  });

  it('rejects a malformed streamed event with the schema’s own error, as the client does', async () => {
    const bad = [{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 5 }];
    const ours = await outcome(enforceEventsFast(), bad);
    assert.match(ours.error ?? '', /delta/);
    assert.deepEqual(ours, await outcome(enforceEvents(false), bad));
  });
});
