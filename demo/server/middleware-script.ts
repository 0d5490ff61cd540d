// Runs the fixture agent behind one of the ecosystem's real middlewares (A2UI, MCP Apps) and keeps the fixture's
// timing: an event the middleware adds arrives with the event that made it.
import { AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { Observable, lastValueFrom, toArray } from 'rxjs';
import { fixtureScript, type FixtureScript } from '../../src/fixtures/index.js';
import type { TimedEvent } from '../../src/fixtures/script-builder.js';

/** What a middleware offers: its own `run` around the next agent. */
export interface AgentMiddleware {
  run(input: RunAgentInput, next: AbstractAgent): Observable<BaseEvent>;
}

/** The fixture agent: it answers what the middleware passes on (with the middleware's own messages added). */
class FixtureAgent extends AbstractAgent {
  readonly delays = new WeakMap<object, number>();

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      try {
        for (const { delayMs, event } of fixtureScript(input)) {
          this.delays.set(event, delayMs);
          subscriber.next(event);
        }
        subscriber.complete();
      } catch (error) {
        subscriber.error(error);
      }
    });
  }
}

/** The script that answers `input` through `middleware` (its errors, such as FixtureInputError, reject). */
export async function middlewareScript(
  middleware: AgentMiddleware,
  input: RunAgentInput,
): Promise<FixtureScript> {
  const agent = new FixtureAgent();
  const events = await lastValueFrom(middleware.run(input, agent).pipe(toArray()));
  // The middleware emits what it adds just before the event that caused it: that event's delay moves to it.
  const remaining = events.map((event) => agent.delays.get(event));
  const timed: TimedEvent[] = events.map((event, index) => {
    let delayMs = remaining[index];
    if (delayMs === undefined) {
      const next = remaining.findIndex((delay, at) => at > index && delay !== undefined);
      delayMs = next === -1 ? 0 : remaining[next]!;
      if (next !== -1) remaining[next] = 0;
    }
    return Object.freeze({ delayMs, event });
  });
  return Object.freeze(timed);
}
