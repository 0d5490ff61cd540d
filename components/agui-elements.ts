// The script-tag ES module (dist/agui-elements.js): registers <agent-run> at once and loads every other element
// from sibling chunks the first time a page uses one of them (the run elements, the artifacts, the chat, threads).
import {
  ARTIFACT_TAGS,
  CHAT_TAGS,
  PROVIDER_TAG,
  RUN_ELEMENT_TAGS,
  THREAD_TAGS,
} from '../src/tags.js';
import { AgentRun } from './agent-run/agent-run.js';
import { defineWhenUsed } from './lazy-define.js';
import { defineAll } from './tag-registry.js';

const loadRunElements = () => import('./run-elements.js').then((module) => module.RUN_ELEMENTS);

// Artifacts can be run elements (`render_diagnostic_card` shows a <diagnostic-card>), drawn inside the shadow roots of
// the chat and <agent-artifact>, where no document observer sees them: they come with the artifacts.
const loadArtifacts = () =>
  Promise.all([import('./artifact-elements.js'), loadRunElements()]).then(([module, run]) => [
    ...module.ARTIFACT_ELEMENTS,
    ...run,
  ]);

defineAll([{ tag: PROVIDER_TAG, element: AgentRun }]);

defineWhenUsed([
  { tags: RUN_ELEMENT_TAGS, load: loadRunElements },
  { tags: ARTIFACT_TAGS, load: loadArtifacts },
  {
    // The chat renders artifacts inside its shadow root, where no document observer sees them.
    tags: CHAT_TAGS,
    load: async () => {
      const [chat, artifacts] = await Promise.all([
        import('./agent-chat/agent-chat.js'),
        loadArtifacts(),
      ]);
      return [...artifacts, { tag: CHAT_TAGS[0], element: chat.AgentChat }];
    },
  },
  {
    tags: THREAD_TAGS,
    load: async () => {
      const threads = await import('./agent-threads/agent-threads.js');
      return [{ tag: THREAD_TAGS[0], element: threads.AgentThreads }];
    },
  },
]);

export { AgentRun };
export { defineAll, tagName } from './tag-registry.js';
export { RunStore } from '../src/store/run-store.js';
export { createAnalysisPlugin } from '../src/analysis/plugin.js';
