// The run elements of the analysis demo by tag, for the bundles that register every element at once (`define`, the
// classic script); the script-tag ES module loads each from its own chunk.
import { RUN_ELEMENT_TAGS, type RunElementTag } from '../src/tags.js';
import { DiagnosticCard } from './diagnostic-card/diagnostic-card.js';
import { RunControls } from './run-controls/run-controls.js';
import { ServiceChart } from './service-chart/service-chart.js';
import type { ElementDefinition } from './tag-registry.js';

const RUN_CLASSES: Readonly<Record<RunElementTag, CustomElementConstructor>> = {
  'run-controls': RunControls,
  'service-chart': ServiceChart,
  'diagnostic-card': DiagnosticCard,
};

export const RUN_ELEMENTS: readonly ElementDefinition[] = RUN_ELEMENT_TAGS.map((tag) => ({
  tag,
  element: RUN_CLASSES[tag],
}));
