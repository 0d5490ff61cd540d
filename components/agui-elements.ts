// The script-tag ES module (dist/agui-elements.js): registers the run elements at once and loads the chat and
// the artifact elements from sibling chunks the first time a page uses one of them.
import { ARTIFACT_TAGS, CHAT_TAGS, THREAD_TAGS } from '../src/tags.js';
import { AgentRun } from './agent-run/agent-run.js';
import { CORE_ELEMENTS } from './core-elements.js';
import { DiagnosticCard } from './diagnostic-card/diagnostic-card.js';
import { defineWhenUsed } from './lazy-define.js';
import { RunControls } from './run-controls/run-controls.js';
import { ServiceChart } from './service-chart/service-chart.js';
import { defineAll } from './tag-registry.js';

const loadArtifacts = () =>
  import('./artifact-elements.js').then((module) => module.ARTIFACT_ELEMENTS);

defineAll(CORE_ELEMENTS);

defineWhenUsed([
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

export { AgentRun, DiagnosticCard, RunControls, ServiceChart };
export { defineAll, tagName } from './tag-registry.js';
export { RunStore } from '../src/store/run-store.js';
export { createAnalysisPlugin } from '../src/analysis/plugin.js';
