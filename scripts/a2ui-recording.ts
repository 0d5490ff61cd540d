// The schedule form as the fixture server sends it through the real A2UI middleware, with the ids of one input
// turned into placeholders (and the middleware's random result id into a fixed one), so a recording can be compared
// with what the server sends now and replayed for any input.
import type { RunAgentInput } from '@ag-ui/core';
import { a2uiMiddlewareScript } from '../demo/server/a2ui-agent.js';

const INPUT: RunAgentInput = {
  threadId: '__THREAD__',
  runId: '__RUN__',
  messages: [{ id: 'u1', role: 'user', content: 'Schedule maintenance for cell 3' }],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
};

const UUID = /"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g;

/** The timed events, as plain JSON. */
export async function recordScheduleForm(): Promise<unknown[]> {
  const script = await a2uiMiddlewareScript(INPUT);
  let count = 0;
  const text = JSON.stringify(script).replace(UUID, () => `"__RUN__-rendered-${(count += 1)}"`);
  return JSON.parse(text) as unknown[];
}
