// The script-tag ES module (dist/agui-elements.js): registers the run elements at once and loads the chat and
// the artifact elements from sibling chunks the first time a page uses one of them.
import { AgentRun } from './agent-run/agent-run.js';
import { DiagnosticCard } from './diagnostic-card/diagnostic-card.js';
import { defineWhenUsed } from './lazy-define.js';
import { RunControls } from './run-controls/run-controls.js';
import { ServiceChart } from './service-chart/service-chart.js';
import { defineAll } from './tag-registry.js';

/** Every artifact tag; the classes stay in their chunk until one is used. */
const ARTIFACT_TAGS = [
  'agent-artifact',
  'agent-artifacts',
  'signal-chart',
  'equipment-kb-card',
  'work-order-card',
  'correlation-matrix',
  'pattern-match',
  'bar-chart',
  'alert-banner',
  'kb-progress',
];

const loadArtifacts = () =>
  import('./artifact-elements.js').then((module) => module.ARTIFACT_ELEMENTS);

defineAll([
  { tag: 'agent-run', element: AgentRun },
  { tag: 'run-controls', element: RunControls },
  { tag: 'service-chart', element: ServiceChart },
  { tag: 'diagnostic-card', element: DiagnosticCard },
]);

defineWhenUsed([
  { tags: ARTIFACT_TAGS, load: loadArtifacts },
  {
    // The chat renders artifacts inside its shadow root, where no document observer sees them.
    tags: ['agent-chat'],
    load: async () => {
      const [chat, artifacts] = await Promise.all([
        import('./agent-chat/agent-chat.js'),
        loadArtifacts(),
      ]);
      return [...artifacts, { tag: 'agent-chat', element: chat.AgentChat }];
    },
  },
]);

export { AgentRun, DiagnosticCard, RunControls, ServiceChart };
export { defineAll, tagName } from './tag-registry.js';
export { RunStore } from '../src/store/run-store.js';
export { createAnalysisPlugin } from '../src/analysis/plugin.js';
