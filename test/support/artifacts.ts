// Helpers for artifact element tests: text of parts, data request logs, resolvers that fail, wait or count.
import { createReplayResolver } from '../../src/fixtures/replay-agent.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';

/** The text of the first element matching the selector in the shadow root, whitespace collapsed ('' when none). */
export function shadowText(host: Element, selector: string): string {
  return host.shadowRoot?.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/** The paths a `/__test/data/<mode>/...` mode of the test middleware received. */
export async function dataRequests(mode: string): Promise<string[]> {
  const response = await fetch(`/__test/data-requests?mode=${encodeURIComponent(mode)}`);
  return (await response.json()) as string[];
}

let uniqueMode = 0;

/** A data base whose first request fails with HTTP 503 and whose later requests pass. */
export function flakyBase(): { base: string; mode: string } {
  uniqueMode += 1;
  const mode = `flaky-${Date.now().toString(36)}-${uniqueMode}`;
  return { base: `/__test/data/${mode}`, mode };
}

export interface RecordingResolver extends Required<ArtifactDataResolver> {
  /** Each lookup, as `signal 1 24`, `kb 2`, `order WO-1001`. */
  readonly calls: string[];
  /** The abort signals the lookups received. */
  readonly signals: AbortSignal[];
  /** Fails the next `count` lookups with this message. */
  failNext(count: number, message?: string): void;
  /** Holds every lookup until `release()`. */
  hold(): void;
  release(): void;
}

/** The in-page replay data, recording each lookup; it can fail or hold lookups on request. */
export function recordingResolver(): RecordingResolver {
  const replay = createReplayResolver();
  const calls: string[] = [];
  const signals: AbortSignal[] = [];
  let failures = 0;
  let failure = 'The data service is down';
  let held: (() => void)[] | null = null;
  const wrap = async <T>(
    call: string,
    signal: AbortSignal | undefined,
    answer: () => Promise<T>,
  ) => {
    calls.push(call);
    if (signal) signals.push(signal);
    if (held) await new Promise<void>((resolve) => held?.push(resolve));
    if (failures > 0) {
      failures -= 1;
      throw new Error(failure);
    }
    return answer();
  };
  return {
    calls,
    signals,
    failNext(count, message = 'The data service is down') {
      failures = count;
      failure = message;
    },
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
    },
    signalData: (id, hours, options) =>
      wrap(`signal ${id} ${hours}`, options?.signal, () => replay.signalData(id, hours)),
    cellKb: (cellId, options) => wrap(`kb ${cellId}`, options?.signal, () => replay.cellKb(cellId)),
    workOrder: (id, options) => wrap(`order ${id}`, options?.signal, () => replay.workOrder(id)),
  };
}
