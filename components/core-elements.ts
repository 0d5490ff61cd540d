// The elements every bundle registers at once (the provider first): the run elements of the analysis demo.
import { CORE_TAGS, type CoreTag } from '../src/tags.js';
import { AgentRun } from './agent-run/agent-run.js';
import { DiagnosticCard } from './diagnostic-card/diagnostic-card.js';
import { RunControls } from './run-controls/run-controls.js';
import { ServiceChart } from './service-chart/service-chart.js';
import type { ElementDefinition } from './tag-registry.js';

const CORE_CLASSES: Readonly<Record<CoreTag, CustomElementConstructor>> = {
  'agent-run': AgentRun,
  'run-controls': RunControls,
  'service-chart': ServiceChart,
  'diagnostic-card': DiagnosticCard,
};

export const CORE_ELEMENTS: readonly ElementDefinition[] = CORE_TAGS.map((tag) => ({
  tag,
  element: CORE_CLASSES[tag],
}));
