// The fixture agent behind the real `@ag-ui/a2ui-middleware` (0.0.10), for the inputs that need it: the schedule
// recipe's form and a person's action on it. The middleware turns the streamed `render_a2ui` call into
// `a2ui-surface` activities and `forwardedProps.a2uiAction` into its own messages, exactly as on a real server.
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import type { RunAgentInput } from '@ag-ui/client';
import type { FixtureScript } from '../../src/fixtures/index.js';
import { usesA2uiMiddleware } from '../../src/fixtures/a2ui-recipe.js';
import { middlewareScript } from './middleware-script.js';

export { usesA2uiMiddleware };

/** The script that answers `input` through the A2UI middleware (its errors, such as FixtureInputError, reject). */
export function a2uiMiddlewareScript(input: RunAgentInput): Promise<FixtureScript> {
  return middlewareScript(new A2UIMiddleware({}), input);
}
