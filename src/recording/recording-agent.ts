// Replaying a recording: reading it (text, URL or parsed) and playing one run at its timing scaled by a speed.
import type { BaseEvent } from '@ag-ui/core';
import { concatMap, from, map, of, timer, type Observable } from 'rxjs';
import { parseRecording, type AguiRecording } from './format.js';

/** A recording as a host gives it: its JSON Lines text, a parsed recording, or its URL. */
export type RecordingInput = string | AguiRecording;

/** Reads the recording a host gave; text that starts with `{` is the recording itself, other text its URL. */
export async function loadRecording(
  input: RecordingInput | null,
  baseURI?: string,
): Promise<AguiRecording> {
  if (input === null) throw new Error('No recording: set .recording or recording="URL".');
  if (typeof input !== 'string') return input;
  // Blank text is an empty recording (it fails as one), never the page's own URL.
  if (/^\s*(\{|$)/.test(input)) return parseRecording(input);
  const response = await fetch(new URL(input, baseURI));
  if (!response.ok) {
    throw new Error(`The recording ${input} could not be loaded: HTTP ${response.status}`);
  }
  return parseRecording(await response.text());
}

/** The events of run `index` (0-based), each after its recorded gap divided by `speed` (0: all at once). */
export function playRecording(
  recording: Promise<AguiRecording>,
  index: number,
  speed: number,
): Observable<BaseEvent> {
  const scale = Number.isFinite(speed) && speed >= 0 ? speed : 1;
  return from(recording).pipe(
    concatMap((loaded) => {
      const run = loaded.runs[index];
      if (!run) {
        throw new Error(`The recording has no run ${index + 1} (it holds ${loaded.runs.length}).`);
      }
      let last = 0;
      return from(run.lines).pipe(
        concatMap((line) => {
          const wait = scale === 0 ? 0 : (line.t - last) / scale;
          last = line.t;
          return wait > 0 ? timer(wait).pipe(map(() => line.event)) : of(line.event);
        }),
      );
    }),
  );
}
