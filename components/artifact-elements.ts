// The artifact elements by tag, for the bundles that register every element at once (`define`, the classic script).
import { ARTIFACT_TAGS, type ArtifactTag } from '../src/tags.js';
import { AgentArtifact } from './agent-artifact/agent-artifact.js';
import { AgentArtifacts } from './agent-artifacts/agent-artifacts.js';
import { AlertBanner } from './alert-banner/alert-banner.js';
import { BarChart } from './bar-chart/bar-chart.js';
import { CorrelationMatrix } from './correlation-matrix/correlation-matrix.js';
import { EquipmentKbCard } from './equipment-kb-card/equipment-kb-card.js';
import { KbProgress } from './kb-progress/kb-progress.js';
import { PatternMatch } from './pattern-match/pattern-match.js';
import { SignalChart } from './signal-chart/signal-chart.js';
import type { ElementDefinition } from './tag-registry.js';
import { WorkOrderCard } from './work-order-card/work-order-card.js';

const ARTIFACT_CLASSES: Readonly<Record<ArtifactTag, CustomElementConstructor>> = {
  'agent-artifact': AgentArtifact,
  'agent-artifacts': AgentArtifacts,
  'signal-chart': SignalChart,
  'equipment-kb-card': EquipmentKbCard,
  'work-order-card': WorkOrderCard,
  'correlation-matrix': CorrelationMatrix,
  'pattern-match': PatternMatch,
  'bar-chart': BarChart,
  'alert-banner': AlertBanner,
  'kb-progress': KbProgress,
};

export const ARTIFACT_ELEMENTS: readonly ElementDefinition[] = ARTIFACT_TAGS.map((tag) => ({
  tag,
  element: ARTIFACT_CLASSES[tag],
}));
