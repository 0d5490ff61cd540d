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
    this.name = 'RecordingFormatError';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TERMINAL = new Set(['RUN_FINISHED', 'RUN_ERROR']);

/** Splits event lines into runs: a run begins at RUN_STARTED, or at the first event after a terminal one. */
export function splitRuns(
  lines: readonly RecordingLine[],
  inputs: readonly RunAgentInput[],
): RecordedRun[] {
  const groups: RecordingLine[][] = [];
  let current: RecordingLine[] | null = null;
  let ended = false;
  for (const line of lines) {
    if (!current || ended || (line.event.type === 'RUN_STARTED' && current.length > 0)) {
      current = [];
      groups.push(current);
    }
    current.push(line);
    ended = TERMINAL.has(line.event.type);
  }
  return groups.map((group, index) => ({ input: inputs[index] ?? null, lines: group }));
}

function parseJson(text: string, line: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RecordingFormatError(
      line,
      `not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** Reads a recording; a malformed line throws RecordingFormatError naming it. Blank lines are skipped. */
export function parseRecording(text: string): AguiRecording {
  const rows = text.split(/\r?\n/);
  let header: RecordingHeader | null = null;
  const lines: RecordingLine[] = [];
  for (const [index, row] of rows.entries()) {
    const number = index + 1;
    if (row.trim() === '') continue;
    const value = parseJson(row, number);
    if (!header) {
      if (!isObject(value) || value.format !== RECORDING_FORMAT) {
        throw new RecordingFormatError(number, `the first line must be {"format":"${RECORDING_FORMAT}",…}`);
      }
      if (value.version !== RECORDING_VERSION) {
        throw new RecordingFormatError(number, `unsupported version ${JSON.stringify(value.version)}`);
      }
      if (!Array.isArray(value.runs) || !value.runs.every(isObject)) {
        throw new RecordingFormatError(number, '"runs" must be a list of RunAgentInput objects');
      }
      header = value as unknown as RecordingHeader;
      continue;
    }
    if (!isObject(value)) throw new RecordingFormatError(number, 'expected {"t": …, "event": …}');
    const { t, event } = value;
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) {
      throw new RecordingFormatError(number, '"t" must be a number of milliseconds ≥ 0');
    }
    if (!isObject(event) || typeof event.type !== 'string' || event.type === '') {
      throw new RecordingFormatError(number, '"event" must be an object with a "type"');
    }
    lines.push({ t, event: event as unknown as BaseEvent });
  }
  if (!header) throw new RecordingFormatError(1, 'the recording is empty');
  return { header, runs: splitRuns(lines, header.runs) };
}

/** Writes a recording as JSON Lines (a trailing newline included). */
export function serializeRecording(header: RecordingHeader, lines: readonly RecordingLine[]): string {
  return [header, ...lines].map((line) => JSON.stringify(line)).join('\n') + '\n';
}
