/** The state module's public surface: validated, atomic JSON Patch over any state. */
export { applyStateDelta, validatorFromSchema } from './json-patch.js';
export type { PatchResult, StateValidator } from './json-patch.js';
