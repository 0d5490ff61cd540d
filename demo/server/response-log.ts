// A test-only record of every agent response: how many events it sent, whether the terminal event was among them,
// and how the body ended — normally after its last event, or cut off because the client went away.
import type { ResponseObservation } from './agent-handler.js';

/** `open` while streaming; `completed` when the body ended normally; `aborted` when the client went away first. */
export type ResponseEnd = 'open' | 'completed' | 'aborted';

export interface ResponseRecord {
  /** Counts requests of one handler, from 1. */
  readonly requestId: number;
  readonly runId: string;
  readonly threadId: string;
  /** Events sent so far. */
  readonly events: number;
  /** The terminal event sent (`RUN_FINISHED` or `RUN_ERROR`), or null while none was. */
  readonly terminal: 'RUN_FINISHED' | 'RUN_ERROR' | null;
  readonly end: ResponseEnd;
}

/**
 * Collects the handler's observations into one record per response. Give it to `createFixtureApi({ responses })`
 * (or `createAgentHandler`); the fixture API then also answers `GET /api/agent-analysis/_responses` with
 * `{ "responses": [...] }`, for tests in a browser.
 */
export class ResponseLog {
  private readonly byRequest = new Map<number, ResponseRecord>();

  /** Every response so far, oldest first. */
  get responses(): readonly ResponseRecord[] {
    return [...this.byRequest.values()];
  }

  /** The observer to hand the agent handler. */
  readonly observe = (observation: ResponseObservation): void => {
    const { requestId } = observation;
    if (observation.type === 'Started') {
      this.byRequest.set(requestId, {
        requestId,
        runId: observation.runId,
        threadId: observation.threadId ?? '',
        events: 0,
        terminal: null,
        end: 'open',
      });
      return;
    }
    const record = this.byRequest.get(requestId);
    if (!record) return;
    if (observation.type === 'Emitted') {
      const terminal =
        observation.eventType === 'RUN_FINISHED' || observation.eventType === 'RUN_ERROR'
          ? observation.eventType
          : record.terminal;
      this.byRequest.set(requestId, { ...record, events: record.events + 1, terminal });
      return;
    }
    this.byRequest.set(requestId, {
      ...record,
      end: observation.cause === 'Completed' ? 'completed' : 'aborted',
    });
  };

  /** Forgets every record (between tests). */
  clear(): void {
    this.byRequest.clear();
  }
}
