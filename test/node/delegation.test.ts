// The fixture's delegation script: two subagents that stream at once, one done and one failed, every event valid.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { from, lastValueFrom, toArray } from 'rxjs';
import { enforceEvents, verifyEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import {
  LOG_READER,
  METRICS_QUERY,
  METRICS_TIMEOUT,
  SEARCH_LOGS_TOOL,
  chatIntent,
  fixtureScript,
} from '../../src/fixtures/index.js';
import { chatInput } from './inputs.js';

type Fields = BaseEvent & Record<string, unknown>;

const events = (): Fields[] =>
  fixtureScript(chatInput('Delegate the checks to subagents')).map(
    (timed) => timed.event as Fields,
  );

describe('delegation recipe', () => {
  it('is picked by asking for delegation or subagents', () => {
    assert.equal(chatIntent('Delegate the checks to subagents'), 'delegate');
    assert.equal(chatIntent('use two subagents please'), 'delegate');
  });

  it('starts two subagents from the intro, one finishes and one fails, and the run still finishes', () => {
    const script = events();
    const started = script.filter((event) => event.type === 'SUBAGENT_STARTED');
    assert.deepEqual(
      started.map((event) => event.name),
      [LOG_READER, METRICS_QUERY],
    );
    const intro = script.find((event) => event.type === 'TEXT_MESSAGE_START')!;
    for (const event of started) assert.equal(event.parentMessageId, intro.messageId);
    const [logs, metrics] = started.map((event) => event.subagentRunId as string);
    const finished = script.filter((event) => event.type === 'SUBAGENT_FINISHED');
    assert.deepEqual(
      finished.map((event) => event.subagentRunId),
      [logs],
    );
    const errors = script.filter((event) => event.type === 'SUBAGENT_ERROR');
    assert.deepEqual(
      errors.map((event) => [event.subagentRunId, event.message, event.code]),
      [[metrics, METRICS_TIMEOUT, 'timeout']],
    );
    assert.equal(script.at(-1)!.type, 'RUN_FINISHED');
    assert.equal(script.at(-1)!.outcome, undefined);
    assert.ok(!script.some((event) => event.type === 'RUN_ERROR'));
  });

  it('interleaves the two lanes token by token, each event attributed to its own subagent', () => {
    const script = events();
    const [logs, metrics] = script
      .filter((event) => event.type === 'SUBAGENT_STARTED')
      .map((event) => event.subagentRunId as string);
    const lanes = script
      .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT' && event.subagentRunId)
      .map((event) => event.subagentRunId);
    const firstSwitch = lanes.findIndex((lane, index) => index > 0 && lane !== lanes[index - 1]);
    assert.equal(lanes[0], logs);
    assert.equal(firstSwitch, 1, 'the metrics lane streams between two log tokens');
    assert.ok(lanes.includes(metrics));
    // A message's every event carries the subagent its start named.
    const owner = new Map<string, unknown>();
    for (const event of script) {
      if (event.type === 'TEXT_MESSAGE_START')
        owner.set(event.messageId as string, event.subagentRunId);
      if (event.type === 'TEXT_MESSAGE_CONTENT' || event.type === 'TEXT_MESSAGE_END') {
        assert.equal(event.subagentRunId, owner.get(event.messageId as string));
      }
    }
    const call = script.filter((event) => String(event.type).startsWith('TOOL_CALL_'));
    assert.equal(call[0]!.toolCallName, SEARCH_LOGS_TOOL);
    for (const event of call) assert.equal(event.subagentRunId, logs);
  });

  it('passes enforceEvents and verifyEvents unchanged', async () => {
    const script = events();
    const out = await lastValueFrom(from(script).pipe(enforceEvents(), verifyEvents(), toArray()));
    assert.deepEqual(out, script);
  });

  it('is rejected by verifyEvents when the run finishes before a subagent ends (the check above can fail)', async () => {
    const script = events().filter((event) => event.type !== 'SUBAGENT_ERROR');
    await assert.rejects(
      lastValueFrom(from(script).pipe(verifyEvents(), toArray())),
      /subagents are still active/,
    );
  });
});
