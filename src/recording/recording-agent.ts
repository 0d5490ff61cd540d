// The recording agent: replays a recording's runs as an AG-UI agent, at the recorded timing scaled by `speed`.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Observable } from 'rxjs';
import type { AgentLike } from '../store/types.js';
import { parseRecording, type AguiRecording, type RecordingLine } from './format.js';

/** A recording as a host gives it: JSON Lines text, a Blob or File of it, or a parsed recording. */
export type RecordingInput = string | Blob | AguiRecording;

export interface RecordingAgentOptions {
  /** 1 plays at the recorded timing, 2 twice as fast, 0 at once (read at each run). */
  readonly speed?: () => number;
}

/** A replaying agent: each `run()` plays the next recorded run. */
export interface RecordingAgent extends AgentLike {
  /** How many runs have been played so far. */
  readonly played: number;
}

/** Reads the recording a host gave; text that starts with `{` is the recording itself, other text its URL. */
export async function loadRecording(input: RecordingInput, baseURI?: string): Promise<AguiRecording> {
  if (typeof input === 'string') {
    if (input.trimStart().startsWith('{')) return parseRecording(input);
    const url = new URL(input, baseURI ?? globalThis.location?.href).href;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`The recording ${url} could not be loaded: HTTP ${response.status}`);
    return parseRecording(await response.text());
  }
  if (typeof Blob !== 'undefined' && input instanceof Blob) return parseRecording(await input.text());
  return input as AguiRecording;
}

function speedOf(options: RecordingAgentOptions): number {
  const speed = options.speed?.() ?? 1;
  return Number.isFinite(speed) && speed >= 0 ? speed : 1;
}

/** Replays `recording` (a promise, so a URL is fetched once on the first run). */
export function createRecordingAgent(
  recording: Promise<AguiRecording>,
  options: RecordingAgentOptions = {},
): RecordingAgent {
  let played = 0;
  // Each run reports a load failure itself; this only keeps the page from seeing an unhandled rejection.
  recording.catch(() => undefined);
  const stops = new Set<() => void>();
  return {
    get played() {
      return played;
    },
    run: (input: RunAgentInput) => {
      void input;
      const index = played;
      played += 1;
      return new Observable<BaseEvent>((subscriber) => {
        let timer: ReturnType<typeof setTimeout> | null = null;
        let closed = false;
        const stop = () => {
          closed = true;
          if (timer !== null) clearTimeout(timer);
          stops.delete(stop);
        };
        stops.add(stop);
        recording.then(
          (loaded) => {
            if (closed) return;
            const run = loaded.runs[index];
            if (!run) {
              subscriber.error(
                new Error(`The recording has no run ${index + 1} (it holds ${loaded.runs.length}).`),
              );
              return;
            }
            const speed = speedOf(options);
            let position = 0;
            let lastT = 0;
            let waited = false;
            // Each line waits for its gap to the previous one (t counts from the run's start).
            const next = () => {
              timer = null;
              while (!closed && position < run.lines.length) {
                const line = run.lines[position] as RecordingLine;
                const wait = speed === 0 ? 0 : (line.t - lastT) / speed;
                if (wait > 0 && !waited) {
                  waited = true;
                  timer = setTimeout(next, wait);
                  return;
                }
                waited = false;
                lastT = line.t;
                position += 1;
                subscriber.next(line.event);
              }
              if (!closed) subscriber.complete();
            };
            next();
          },
          (error: unknown) => {
            if (!closed) subscriber.error(error);
          },
        );
        return stop;
      });
    },
    abortRun: () => {
      for (const stop of [...stops]) stop();
    },
  };
}
