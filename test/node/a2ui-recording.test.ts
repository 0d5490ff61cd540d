// The in-page replay agent's A2UI recording is what the fixture server sends through the real
// @ag-ui/a2ui-middleware now (re-record with `node --import tsx scripts/record-a2ui.ts`), and it paints a surface.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordScheduleForm } from '../../scripts/a2ui-recording.js';
import { SCHEDULE_FORM_EVENTS } from '../../src/fixtures/recorded/a2ui-schedule.js';
import { a2uiReplayScript } from '../../src/fixtures/a2ui-replay.js';

describe('the A2UI recording of the replay agent', () => {
  it('is what the server sends through the middleware today', async () => {
    assert.deepEqual(await recordScheduleForm(), JSON.parse(JSON.stringify(SCHEDULE_FORM_EVENTS)));
  });

  it('answers an input with its own ids, ending in a painted surface and the render result', () => {
    const script = a2uiReplayScript({
      threadId: 'thread-9',
      runId: 'run-9',
      messages: [{ id: 'u', role: 'user', content: 'Schedule maintenance for cell 3' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    });
    assert.equal(JSON.stringify(script).includes('__RUN__'), false);
    const types = script.map(({ event }) => event.type);
    assert.equal(types[0], 'RUN_STARTED');
    assert.equal(types.at(-1), 'RUN_FINISHED');
    const painted = script.filter(
      ({ event }) =>
        event.type === 'ACTIVITY_SNAPSHOT' &&
        JSON.stringify((event as { content?: unknown }).content).includes('a2ui_operations'),
    );
    assert.ok(painted.length > 0, 'a painted snapshot');
    assert.ok(JSON.stringify(script).includes('"messageId":"a2ui-surface-run-9-call-1"'));
  });
});
