// Writes stories/recordings/analysis.jsonl: the fixture's normal and invalid-patch scenario runs as a recording
// (what the replay agent sends, at its timing). Run: `node --import tsx scripts/record-fixture.ts`.
import { writeFileSync } from 'node:fs';
import type { RunAgentInput } from '@ag-ui/core';
import { fixtureScript } from '../src/fixtures/dispatch.js';
import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  serializeRecording,
  type RecordingLine,
} from '../src/recording/format.js';

const inputs: RunAgentInput[] = ['normal', 'invalid'].map((scenario, index) => ({
  threadId: 'thread-recorded',
  runId: `run-${index + 1}`,
  messages: [],
  tools: [],
  context: [],
  state: {},
  forwardedProps: { scenario },
}));

const lines: RecordingLine[] = [];
for (const input of inputs) {
  let t = 0;
  for (const { delayMs, event } of fixtureScript(input)) {
    t += delayMs;
    lines.push({ t, event });
  }
}

writeFileSync(
  'stories/recordings/analysis.jsonl',
  serializeRecording({ format: RECORDING_FORMAT, version: RECORDING_VERSION, runs: inputs }, lines),
);
console.log(
  `Wrote stories/recordings/analysis.jsonl: ${inputs.length} runs, ${lines.length} events`,
);
