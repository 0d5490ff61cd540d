// The artifact elements as one group (the script-tag ES module loads it when an artifact or the chat appears).
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

export const ARTIFACT_ELEMENTS: readonly ElementDefinition[] = [
  { tag: 'agent-artifact', element: AgentArtifact },
  { tag: 'agent-artifacts', element: AgentArtifacts },
  { tag: 'signal-chart', element: SignalChart },
  { tag: 'equipment-kb-card', element: EquipmentKbCard },
  { tag: 'work-order-card', element: WorkOrderCard },
  { tag: 'correlation-matrix', element: CorrelationMatrix },
  { tag: 'pattern-match', element: PatternMatch },
  { tag: 'bar-chart', element: BarChart },
  { tag: 'alert-banner', element: AlertBanner },
  { tag: 'kb-progress', element: KbProgress },
];
