// The script-tag ES module (dist/agui-elements.js): registers <agent-run> at once and loads every other element from
// its own chunk the first time a page uses it: in the document (found by an observer), or inside another element's
// shadow root (the chat's artifacts, an artifact's kind), asked for through `requestElement`.
import { PROVIDER_TAG, type ElementTag } from '../src/tags.js';
import { AgentRun } from './agent-run/agent-run.js';
import { setElementLoader } from './element-requests.js';
import { defineWhenUsed } from './lazy-define.js';
import { defineAll } from './tag-registry.js';

type LazyTag = Exclude<ElementTag, typeof PROVIDER_TAG>;

/** Each element's own chunk: one file per element, so a page loads the elements it shows and no others. */
const LOADERS: Readonly<Record<LazyTag, () => Promise<CustomElementConstructor>>> = {
  'run-controls': () => import('./run-controls/run-controls.js').then((m) => m.RunControls),
  'service-chart': () => import('./service-chart/service-chart.js').then((m) => m.ServiceChart),
  'diagnostic-card': () =>
    import('./diagnostic-card/diagnostic-card.js').then((m) => m.DiagnosticCard),
  'agent-artifact': () => import('./agent-artifact/agent-artifact.js').then((m) => m.AgentArtifact),
  'agent-artifacts': () =>
    import('./agent-artifacts/agent-artifacts.js').then((m) => m.AgentArtifacts),
  'signal-chart': () => import('./signal-chart/signal-chart.js').then((m) => m.SignalChart),
  'equipment-kb-card': () =>
    import('./equipment-kb-card/equipment-kb-card.js').then((m) => m.EquipmentKbCard),
  'work-order-card': () =>
    import('./work-order-card/work-order-card.js').then((m) => m.WorkOrderCard),
  'correlation-matrix': () =>
    import('./correlation-matrix/correlation-matrix.js').then((m) => m.CorrelationMatrix),
  'pattern-match': () => import('./pattern-match/pattern-match.js').then((m) => m.PatternMatch),
  'bar-chart': () => import('./bar-chart/bar-chart.js').then((m) => m.BarChart),
  'alert-banner': () => import('./alert-banner/alert-banner.js').then((m) => m.AlertBanner),
  'kb-progress': () => import('./kb-progress/kb-progress.js').then((m) => m.KbProgress),
  'agent-chat': () => import('./agent-chat/agent-chat.js').then((m) => m.AgentChat),
  'agent-threads': () => import('./agent-threads/agent-threads.js').then((m) => m.AgentThreads),
  'agent-launcher': () => import('./agent-launcher/agent-launcher.js').then((m) => m.AgentLauncher),
};

const loading = new Map<string, Promise<void>>();

/** Loads and registers one element, once; null for a tag that is not one of these. */
function loadElement(tag: string): Promise<void> | null {
  if (!Object.hasOwn(LOADERS, tag)) return null;
  let promise = loading.get(tag);
  if (!promise) {
    promise = LOADERS[tag as LazyTag]().then((element) => {
      defineAll([{ tag, element }]);
    });
    loading.set(tag, promise);
  }
  return promise;
}

defineAll([{ tag: PROVIDER_TAG, element: AgentRun }]);
setElementLoader(loadElement);
defineWhenUsed(
  (Object.keys(LOADERS) as LazyTag[]).map((tag) => ({
    tags: [tag],
    load: () => loadElement(tag)!.then(() => []),
  })),
);

export { AgentRun };
export { defineAll, tagName } from './tag-registry.js';
export { RunStore } from '../src/store/run-store.js';
export { createAnalysisPlugin } from '../src/analysis/plugin.js';
export { registerLocale } from '../src/i18n/registry.js';
