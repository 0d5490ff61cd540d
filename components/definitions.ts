// The element table behind `define` (no side effects: nothing registers on import).
import type { AgentArtifact } from './agent-artifact/agent-artifact.js';
import type { AgentArtifacts } from './agent-artifacts/agent-artifacts.js';
import { AgentChat } from './agent-chat/agent-chat.js';
import { AgentLauncher } from './agent-launcher/agent-launcher.js';
import { AgentThreads } from './agent-threads/agent-threads.js';
import type { AgentRun } from './agent-run/agent-run.js';
import type { AlertBanner } from './alert-banner/alert-banner.js';
import type { BarChart } from './bar-chart/bar-chart.js';
import type { CorrelationMatrix } from './correlation-matrix/correlation-matrix.js';
import type { DiagnosticCard } from './diagnostic-card/diagnostic-card.js';
import type { EquipmentKbCard } from './equipment-kb-card/equipment-kb-card.js';
import type { KbProgress } from './kb-progress/kb-progress.js';
import type { PatternMatch } from './pattern-match/pattern-match.js';
import type { RunControls } from './run-controls/run-controls.js';
import type { ServiceChart } from './service-chart/service-chart.js';
import type { SignalChart } from './signal-chart/signal-chart.js';
import type { WorkOrderCard } from './work-order-card/work-order-card.js';

import type { ElementTag } from '../src/tags.js';
import { ARTIFACT_ELEMENTS } from './artifact-elements.js';
import { CORE_ELEMENTS } from './core-elements.js';
import { defineAll, type ElementDefinition } from './tag-registry.js';

export { defineAll, FALLBACK_PREFIX, tagName, type ElementDefinition } from './tag-registry.js';

/** Every element of the package, the provider first so the elements inside it find their store at once. */
export const ELEMENTS: readonly ElementDefinition[] = [
  ...CORE_ELEMENTS,
  ...ARTIFACT_ELEMENTS,
  { tag: 'agent-chat' satisfies ElementTag, element: AgentChat },
  { tag: 'agent-threads' satisfies ElementTag, element: AgentThreads },
  { tag: 'agent-launcher' satisfies ElementTag, element: AgentLauncher },
];

/** Registers every element of the package (see `defineAll`). */
export function define(): void {
  defineAll(ELEMENTS);
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-run': AgentRun;
    'run-controls': RunControls;
    'service-chart': ServiceChart;
    'diagnostic-card': DiagnosticCard;
    'agent-artifact': AgentArtifact;
    'agent-artifacts': AgentArtifacts;
    'signal-chart': SignalChart;
    'equipment-kb-card': EquipmentKbCard;
    'work-order-card': WorkOrderCard;
    'correlation-matrix': CorrelationMatrix;
    'pattern-match': PatternMatch;
    'bar-chart': BarChart;
    'alert-banner': AlertBanner;
    'kb-progress': KbProgress;
    'agent-chat': AgentChat;
    'agent-threads': AgentThreads;
    'agent-launcher': AgentLauncher;
  }
}
