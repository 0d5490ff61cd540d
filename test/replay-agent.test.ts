// The in-page replay agent and data resolver, in Chromium: same events and timing as the fixture scripts, on a
// virtual clock, with every timer stopped on unsubscribe.

import { expect } from '@open-wc/testing';
import { VirtualTimeScheduler } from 'rxjs';
import type { SchedulerAction, SchedulerLike, Subscription } from 'rxjs';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import {
  FixtureDataError,
  FixtureInputError,
  cellKnowledge,
  createReplayAgent,
  createReplayResolver,
  fixtureScript,
  signalSeries,
  workOrder,
} from '../src/fixtures/index.js';

const input = (parts: Partial<RunAgentInput> = {}): RunAgentInput => ({
  threadId: 'thread-1',
  runId: 'run-1',
  messages: [],
  tools: [],
  context: [],
  forwardedProps: { scenario: 'normal' },
  ...parts,
});

/** A scheduler that counts the actions it has pending, so a test can see every timer stopped. */
class CountingScheduler implements SchedulerLike {
  pending = 0;
  private readonly inner: SchedulerLike;

  constructor(inner: SchedulerLike) {
    this.inner = inner;
  }

  now(): number {
    return this.inner.now();
  }

  schedule<T>(
    work: (this: SchedulerAction<T>, state?: T) => void,
    delay?: number,
    state?: T,
  ): Subscription {
    this.pending += 1;
    let settled = false;
    const settle = (): void => {
      if (settled) return;
      settled = true;
      this.pending -= 1;
    };
    const subscription = this.inner.schedule<T>(
      function (this: SchedulerAction<T>, value?: T) {
        settle();
        work.call(this, value);
      },
      delay,
      state,
    );
    subscription.add(settle);
    return subscription;
  }
}

/** Plays a run on a virtual clock; returns each event with the virtual time it arrived at. */
function playVirtually(
  runInput: RunAgentInput,
  timeScale = 1,
): Array<{ at: number; event: BaseEvent }> {
  const scheduler = new VirtualTimeScheduler();
  const agent = createReplayAgent({ scheduler, timeScale });
  const arrivals: Array<{ at: number; event: BaseEvent }> = [];
  agent.run(runInput).subscribe((event) => arrivals.push({ at: scheduler.now(), event }));
  scheduler.flush();
  return arrivals;
}

/** The arrival time of each event of a script: the running sum of its delays. */
function scheduleOf(runInput: RunAgentInput, timeScale = 1): number[] {
  let at = 0;
  return fixtureScript(runInput).map(({ delayMs }) => (at += delayMs * timeScale));
}

describe('replay agent', () => {
  it('says it is synthetic', () => {
    expect(createReplayAgent().synthetic).to.equal(true);
  });

  for (const scenario of ['normal', 'invalid', 'slow']) {
    it(`plays the ${scenario} scenario's events at the script's times`, () => {
      const runInput = input({ forwardedProps: { scenario } });
      const arrivals = playVirtually(runInput);
      expect(arrivals.map((arrival) => arrival.event)).to.deep.equal(
        fixtureScript(runInput).map((timed) => timed.event),
      );
      expect(arrivals.map((arrival) => arrival.at)).to.deep.equal(scheduleOf(runInput));
    });
  }

  it('plays a chat intent and an approval the same way', () => {
    for (const runInput of [
      input({
        forwardedProps: {},
        messages: [{ id: 'u', role: 'user', content: 'Why is API latency up?' }],
      }),
      input({
        forwardedProps: {},
        resume: [
          {
            interruptId: 'run-0-work-order-approval',
            status: 'resolved',
            payload: { approved: true },
          },
        ],
      }),
    ]) {
      const arrivals = playVirtually(runInput);
      expect(arrivals.map((arrival) => arrival.event)).to.deep.equal(
        fixtureScript(runInput).map((timed) => timed.event),
      );
    }
  });

  it('scales its timing', () => {
    const arrivals = playVirtually(input(), 0.5);
    expect(arrivals.map((arrival) => arrival.at)).to.deep.equal(scheduleOf(input(), 0.5));
    expect(arrivals.at(-1)!.at).to.equal(scheduleOf(input()).at(-1)! / 2);
  });

  it('emits nothing synchronously on subscribe, even at time scale 0', () => {
    const agent = createReplayAgent({ timeScale: 0 });
    const seen: BaseEvent[] = [];
    const subscription = agent.run(input()).subscribe((event) => seen.push(event));
    expect(seen).to.deep.equal([]);
    subscription.unsubscribe();
  });

  it('stops every timer on unsubscribe and emits nothing after', () => {
    const virtual = new VirtualTimeScheduler();
    const scheduler = new CountingScheduler(virtual);
    const agent = createReplayAgent({ scheduler });
    const seen: BaseEvent[] = [];
    const subscription = agent.run(input()).subscribe((event) => {
      seen.push(event);
      if (event.type === 'STATE_SNAPSHOT') subscription.unsubscribe();
    });
    expect(scheduler.pending).to.equal(1);
    virtual.flush();
    expect(seen.at(-1)!.type).to.equal('STATE_SNAPSHOT');
    expect(scheduler.pending).to.equal(0);
    expect(seen.length).to.be.lessThan(fixtureScript(input()).length);
  });

  it('ends every active run on abortRun, with no further event', () => {
    const virtual = new VirtualTimeScheduler();
    const scheduler = new CountingScheduler(virtual);
    const agent = createReplayAgent({ scheduler });
    const seen: string[] = [];
    let completed = 0;
    for (const runId of ['run-a', 'run-b']) {
      agent.run(input({ runId })).subscribe({
        next: (event) => {
          seen.push(`${runId}:${event.type}`);
          if (runId === 'run-b' && event.type === 'STATE_SNAPSHOT') agent.abortRun();
        },
        complete: () => (completed += 1),
      });
    }
    virtual.flush();
    expect(completed).to.equal(2);
    expect(scheduler.pending).to.equal(0);
    expect(seen.at(-1)).to.equal('run-b:STATE_SNAPSHOT');
    expect(seen.filter((entry) => entry.endsWith('RUN_FINISHED'))).to.deep.equal([]);
    const later: BaseEvent[] = [];
    agent.run(input({ runId: 'run-c' })).subscribe((event) => later.push(event));
    virtual.flush();
    expect(later.at(-1)!.type).to.equal('RUN_FINISHED');
  });

  it('fails a run with an unknown scenario as the endpoint answers 400', () => {
    const scheduler = new VirtualTimeScheduler();
    let failure: unknown;
    createReplayAgent({ scheduler })
      .run(input({ forwardedProps: { scenario: 'fast' } }))
      .subscribe({ error: (error: unknown) => (failure = error) });
    scheduler.flush();
    expect(failure).to.be.instanceOf(FixtureInputError);
    expect((failure as FixtureInputError).status).to.equal(400);
    expect((failure as Error).message).to.equal(
      'Unknown scenario "fast": use one of normal, invalid, slow.',
    );
  });

  it('refuses a negative time scale', () => {
    expect(() => createReplayAgent({ timeScale: -1 })).to.throw(RangeError);
  });
});

describe('replay resolver', () => {
  const resolver = createReplayResolver();

  /** What the HTTP route would send: the generator's value through JSON. */
  const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

  it('returns the same JSON as the data routes', async () => {
    expect(asJson(await resolver.signalData(1, 24))).to.deep.equal(asJson(signalSeries(1, 24)));
    expect(asJson(await resolver.signalData(6, 168))).to.deep.equal(asJson(signalSeries(6, 168)));
    expect(asJson(await resolver.cellKb(3))).to.deep.equal(asJson(cellKnowledge(3)));
    expect(asJson(await resolver.workOrder('WO-1002'))).to.deep.equal(asJson(workOrder('WO-1002')));
  });

  async function rejection(lookup: Promise<unknown>): Promise<FixtureDataError> {
    try {
      await lookup;
    } catch (error) {
      expect(error).to.be.instanceOf(FixtureDataError);
      return error as FixtureDataError;
    }
    throw new Error('The lookup resolved.');
  }

  it('rejects malformed or out-of-range parameters with status 400 and a readable message', async () => {
    for (const hours of [0, 169, 2.5, Number.NaN]) {
      const error = await rejection(resolver.signalData(1, hours));
      expect(error.status).to.equal(400);
      expect(error.message).to.match(/window_hours must be a whole number from 1 to 168/);
    }
    expect((await rejection(resolver.signalData(-3, 24))).status).to.equal(400);
    expect((await rejection(resolver.cellKb(1.5))).status).to.equal(400);
    expect((await rejection(resolver.workOrder('order-1'))).status).to.equal(400);
  });

  it('rejects unknown ids with status 404', async () => {
    expect((await rejection(resolver.signalData(7, 24))).message).to.match(
      /Unknown signal definition 7/,
    );
    expect((await rejection(resolver.cellKb(4))).status).to.equal(404);
    expect((await rejection(resolver.workOrder('WO-0001'))).status).to.equal(404);
  });
});
