// Builds a recording from the store's tap records: what the agent sent (the raw event where it differs), redacted.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import type { TapRecord } from '../store/event-tap.js';
import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  serializeRecording,
  type RecordingHeader,
  type RecordingLine,
} from './format.js';
import { redactRecording, type RedactOptions } from './redact.js';

/** Header and lines of the records: one line per event the agent sent, `t` counted from its run's start. */
export function recordingParts(records: Iterable<TapRecord>): {
  header: RecordingHeader;
  lines: RecordingLine[];
} {
  const inputs = new Map<number, RunAgentInput>();
  const starts = new Map<number, number>();
  const runs: number[] = [];
  const lines: RecordingLine[] = [];
  let lastRaw: unknown = undefined;
  for (const record of records) {
    // A side run (an MCP App's request) is outside the conversation: never part of a recording.
    if (record.side) continue;
    if (record.kind === 'run-start') {
      inputs.set(record.run, record.input);
      starts.set(record.run, record.at);
      continue;
    }
    let event: unknown;
    if (record.raw !== undefined) {
      // Several records come from one raw event (an expanded chunk): it is written once.
      if (record.raw === lastRaw) continue;
      lastRaw = record.raw;
      event = record.raw;
    } else {
      lastRaw = undefined;
      if (record.kind !== 'event') continue;
      event = record.event;
    }
    if (!starts.has(record.run)) starts.set(record.run, record.at);
    if (runs[runs.length - 1] !== record.run) runs.push(record.run);
    const t = Math.max(0, record.at - (starts.get(record.run) ?? record.at));
    lines.push({ t, event: event as BaseEvent });
  }
  const header: RecordingHeader = {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    runs: runs.map(
      (run) =>
        inputs.get(run) ?? {
          threadId: '',
          runId: `run-${run}`,
          messages: [],
          tools: [],
          context: [],
          state: null,
          forwardedProps: {},
        },
    ),
  };
  return { header, lines };
}

/** The recording of these records as JSON Lines, redacted (headers never; attachment bytes by default). */
export function recordingFromRecords(
  records: Iterable<TapRecord>,
  options: RedactOptions = {},
): string {
  const { header, lines } = recordingParts(records);
  const redacted = redactRecording(header, lines, options);
  return serializeRecording(redacted.header, redacted.lines);
}
