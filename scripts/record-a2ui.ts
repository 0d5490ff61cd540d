// Writes src/fixtures/recorded/a2ui-schedule.ts: what the fixture server sends for "Schedule maintenance for cell 3"
// through the real @ag-ui/a2ui-middleware, for the in-page replay agent (which has no middleware: it is Node-only).
// Run: `node --import tsx scripts/record-a2ui.ts`; test/node/a2ui-recording.test.ts fails when it is out of date.
import { writeFileSync } from 'node:fs';
import { recordScheduleForm } from './a2ui-recording.js';

const FILE = 'src/fixtures/recorded/a2ui-schedule.ts';
const events = await recordScheduleForm();
writeFileSync(
  FILE,
  [
    "// Written by scripts/record-a2ui.ts from the fixture server's real @ag-ui/a2ui-middleware 0.0.10: do not edit.",
    '// `__RUN__` and `__THREAD__` stand for the run and thread ids of the input it answers.',
    "import type { TimedEvent } from '../script-builder.js';",
    '',
    `export const SCHEDULE_FORM_EVENTS: readonly TimedEvent[] = ${JSON.stringify(events)} as never;`,
    '',
  ].join('\n'),
);
console.log(`Wrote ${FILE}: ${events.length} events`);
