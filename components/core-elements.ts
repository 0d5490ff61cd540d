// The elements every bundle but the script-tag ES module registers at once (the provider first).
import { PROVIDER_TAG } from '../src/tags.js';
import { AgentRun } from './agent-run/agent-run.js';
import { RUN_ELEMENTS } from './run-elements.js';
import type { ElementDefinition } from './tag-registry.js';

export const CORE_ELEMENTS: readonly ElementDefinition[] = [
  { tag: PROVIDER_TAG, element: AgentRun },
  ...RUN_ELEMENTS,
];
