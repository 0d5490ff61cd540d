// Imported first by the app: zod must run jitless before any schema is built (the MCP SDK builds its schemas as it
// loads), or its eval probe is a Trusted Types violation in a frame that inherits the page's policy. The export is
// used so that the repository's `sideEffects` list does not let the bundler drop this module.
import { config } from 'zod/v4';

export const jitless = config({ jitless: true }).jitless;
