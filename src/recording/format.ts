// The AG-UI recording format: JSON Lines, a header line with the runs' inputs, then one `{ t, event }` line per event.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';

export const RECORDING_FORMAT = 'agui-recording';
export const RECORDING_VERSION = 1;

/** The first line of a recording. */
export interface RecordingHeader {
  readonly format: typeof RECORDING_FORMAT;
  readonly version: typeof RECORDING_VERSION;
  /** The input of each recorded run, in order, redacted. */
  readonly runs: readonly RunAgentInput[];
}

/** Every other line: an event the agent sent, `t` ms after its run began. */
export interface RecordingLine {
  readonly t: number;
  readonly event: BaseEvent;
}

/** One recorded run: the events between one RUN_STARTED (or the recording's start) and the next. */
export interface RecordedRun {
  readonly input: RunAgentInput | null;
  readonly lines: readonly RecordingLine[];
}

/** A parsed recording. */
export interface AguiRecording {
  readonly header: RecordingHeader;
  readonly runs: readonly RecordedRun[];
}

/** A recording that cannot be read; `line` is 1-based. */
export class RecordingFormatError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`Recording line ${line}: ${detail}`);
  }
}

/** Splits event lines into runs: a run begins at RUN_STARTED, or at the first event after RUN_FINISHED/RUN_ERROR. */
export function splitRuns(
  lines: readonly RecordingLine[],
  inputs: readonly RunAgentInput[],
): RecordedRun[] {
  const runs: RecordingLine[][] = [];
  let ended = true;
  for (const line of lines) {
    const { type } = line.event;
    if (ended || (type === 'RUN_STARTED' && runs[runs.length - 1]?.length)) runs.push([]);
    runs[runs.length - 1]?.push(line);
    ended = type === 'RUN_FINISHED' || type === 'RUN_ERROR';
  }
  return runs.map((run, index) => ({ input: inputs[index] ?? null, lines: run }));
}

const HEADER = `{"format":"${RECORDING_FORMAT}","version":${RECORDING_VERSION},"runs":[…]}`;

/** Reads a recording; a malformed line throws RecordingFormatError naming it. Blank lines are skipped. */
export function parseRecording(text: string): AguiRecording {
  let header: RecordingHeader | null = null;
  const lines: RecordingLine[] = [];
  for (const [index, row] of text.split('\n').entries()) {
    if (!row.trim()) continue;
    let value: Record<string, unknown> | null;
    try {
      value = JSON.parse(row) as Record<string, unknown> | null;
    } catch {
      throw new RecordingFormatError(index + 1, 'not JSON');
    }
    if (header) {
      const event = value?.event as Record<string, unknown> | undefined;
      if (
        !(Number(value?.t) >= 0) ||
        typeof value?.t !== 'number' ||
        typeof event?.type !== 'string'
      ) {
        throw new RecordingFormatError(
          index + 1,
          'expected {"t": milliseconds, "event": {"type": …}}',
        );
      }
      lines.push(value as unknown as RecordingLine);
    } else if (
      value?.format === RECORDING_FORMAT &&
      value.version === RECORDING_VERSION &&
      Array.isArray(value.runs)
    ) {
      header = value as unknown as RecordingHeader;
    } else {
      throw new RecordingFormatError(index + 1, `the first line must be ${HEADER}`);
    }
  }
  if (!header) throw new RecordingFormatError(1, `the first line must be ${HEADER}`);
  return { header, runs: splitRuns(lines, header.runs) };
}

/** Writes a recording as JSON Lines (a trailing newline included). */
export function serializeRecording(
  header: RecordingHeader,
  lines: readonly RecordingLine[],
): string {
  return [header, ...lines].map((line) => JSON.stringify(line)).join('\n') + '\n';
}
