// The fixture agent behind the real `@ag-ui/a2ui-middleware` (0.0.10), for the inputs that need it: the schedule
// recipe's form and a person's action on it. The middleware turns the streamed `render_a2ui` call into
// `a2ui-surface` activities and `forwardedProps.a2uiAction` into its own messages, exactly as on a real server;
// its events keep the fixture's timing (an event it adds arrives with the event that made it).
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { Observable, lastValueFrom, toArray } from 'rxjs';
import { fixtureScript, type FixtureScript } from '../../src/fixtures/index.js';
import type { TimedEvent } from '../../src/fixtures/script-builder.js';
import { usesA2uiMiddleware } from '../../src/fixtures/a2ui-recipe.js';

export { usesA2uiMiddleware };

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

/** The script that answers `input` through the A2UI middleware (its errors, such as FixtureInputError, reject). */
export async function a2uiMiddlewareScript(input: RunAgentInput): Promise<FixtureScript> {
  const agent = new FixtureAgent();
  const events = await lastValueFrom(new A2UIMiddleware({}).run(input, agent).pipe(toArray()));
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
