// Side runs (src/genui/mcp-apps/side-run.ts): the request they send, what they answer, and every way they end.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NEVER, Observable, of } from 'rxjs';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { sideRun, type SideRecord } from '../../src/genui/mcp-apps/side-run.js';

const ev = (event: Record<string, unknown>) => event as unknown as BaseEvent;
const props = { __proxiedMCPRequest: { serverHash: 'h', method: 'tools/call', params: {} } };

describe('a side run', () => {
  it('is its own request (thread = run, nothing of the conversation) and answers RUN_FINISHED.result', async () => {
    const inputs: RunAgentInput[] = [];
    const records: SideRecord[] = [];
    const result = await sideRun(
      (input) => {
        inputs.push(input);
        return of(
          ev({ type: 'RUN_STARTED', threadId: input.runId, runId: input.runId }),
          ev({
            type: 'RUN_FINISHED',
            threadId: input.runId,
            runId: input.runId,
            result: { ok: 1 },
          }),
        );
      },
      props,
      new AbortController().signal,
      (record) => records.push(record),
    );
    assert.deepEqual(result, { ok: 1 });
    const [input] = inputs;
    assert.equal(input!.threadId, input!.runId);
    assert.deepEqual([input!.messages, input!.tools, input!.state], [[], [], {}]);
    assert.deepEqual(input!.forwardedProps, props);
    assert.deepEqual(
      records.map((record) => record.kind),
      ['run-start', 'event', 'event'],
    );
  });

  it('fails on a result.error, a RUN_ERROR and a stream without RUN_FINISHED', async () => {
    const run = (events: BaseEvent[]) => () => of(...events);
    const signal = new AbortController().signal;
    await assert.rejects(
      sideRun(
        run([ev({ type: 'RUN_FINISHED', result: { error: 'Unknown server: x' } })]),
        props,
        signal,
        () => {},
      ),
      /Unknown server: x/,
    );
    await assert.rejects(
      sideRun(run([ev({ type: 'RUN_ERROR', message: 'no' })]), props, signal, () => {}),
      /no/,
    );
    await assert.rejects(
      sideRun(run([]), props, signal, () => {}),
      /without RUN_FINISHED/,
    );
  });

  it('ends at its time limit and on abort, unsubscribing the request', async () => {
    let open = 0;
    const hanging = () =>
      new Observable<BaseEvent>(() => {
        open += 1;
        return () => (open -= 1);
      });
    await assert.rejects(
      sideRun(hanging, props, new AbortController().signal, () => {}, 30),
      /No answer within 0 s/,
    );
    assert.equal(open, 0);
    const controller = new AbortController();
    const pending = sideRun(hanging, props, controller.signal, () => {});
    assert.equal(open, 1);
    controller.abort();
    await assert.rejects(pending, /cancelled/);
    assert.equal(open, 0);
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(
      sideRun(
        () => NEVER,
        props,
        aborted.signal,
        () => {},
      ),
      /cancelled/,
    );
  });
});
