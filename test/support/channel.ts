// Test helpers for the channel: a scheduler whose timers run when the test says, scripted channel URLs and logs.
import type { ChannelScheduler } from '../../src/channel/types.js';
import type { ChannelStep } from './channel-server.js';

interface Timer {
  readonly id: number;
  readonly callback: () => void;
  readonly ms: number;
  readonly due: number;
}

/** Timers that only run by `runNext()`; the clock moves to each timer's due time. */
export class ManualScheduler implements ChannelScheduler {
  time = 1_700_000_000_000;
  private timers: Timer[] = [];
  private ids = 0;

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    this.ids += 1;
    this.timers.push({ id: this.ids, callback, ms, due: this.time + ms });
    return this.ids;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** The delays of the pending timers, in the order they were set. */
  get pending(): number[] {
    return this.timers.map((timer) => timer.ms);
  }

  /** Runs the earliest pending timer and returns the delay it was set with. */
  runNext(): number {
    const timer = [...this.timers].sort((a, b) => a.due - b.due)[0];
    if (!timer) throw new Error('No timer is pending.');
    this.clearTimeout(timer.id);
    this.time = Math.max(this.time, timer.due);
    timer.callback();
    return timer.ms;
  }
}

let keys = 0;

/** A fresh key, so each test reads only its own connections. */
export function channelKey(name: string): string {
  keys += 1;
  return `${name}-${Date.now()}-${keys}`;
}

/** The URL of a scripted channel: attempt n plays `attempts[n]` (the last one again when they run out). */
export function scriptedUrl(
  transport: 'sse' | 'websocket',
  key: string,
  attempts: readonly (readonly ChannelStep[])[],
): string {
  const script = btoa(JSON.stringify(attempts))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  const path = transport === 'sse' ? '/__test/channel/sse' : '/__test/channel/ws';
  return `${path}?key=${encodeURIComponent(key)}&script=${script}`;
}

export interface LoggedConnection {
  readonly transport: string;
  readonly authorization: string | null;
  readonly protocol: string | null;
  readonly closed: boolean;
}

export async function connectionsOf(key: string): Promise<LoggedConnection[]> {
  const response = await fetch(`/__test/channel/log?key=${encodeURIComponent(key)}`);
  return (await response.json()) as LoggedConnection[];
}

export async function dropConnections(key: string): Promise<number> {
  const response = await fetch(`/__test/channel/drop?key=${encodeURIComponent(key)}`);
  return ((await response.json()) as { dropped: number }).dropped;
}

/** A ui_render message in seed 002's envelope. */
export function banner(cell: number, anomaly: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    type: 'ui_render',
    data: {
      agent: 'sentinel',
      component: 'alert_banner',
      props: {
        severity: 'warning',
        cell_id: cell,
        message: `Alert on cell ${cell}`,
        anomaly_id: anomaly,
        ...extra,
      },
      cell_id: cell,
    },
  });
}
