// The nine built-in artifacts of seed 002 and the default registry that holds them; each kind's schema loads with
// the first artifact of that kind (and zod with the first of all).
import { ArtifactRegistry, type ArtifactDefinition } from './registry.js';

const MATRIX_KEY = /matri|correlation|coefficient/i;

/**
 * Why correlation-matrix props are refused: they carry a matrix of their own (a key such as `impact_matrix`, or any
 * array of arrays). Null when they only point at series. The chart computes correlations; it never shows numbers a
 * model wrote.
 */
export function carriedMatrix(props: unknown): string | null {
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return null;
  for (const [key, value] of Object.entries(props)) {
    const nested = Array.isArray(value) && value.some((item) => Array.isArray(item));
    if (MATRIX_KEY.test(key) || nested) {
      return (
        `These props carry their own matrix ("${key}"), so they are refused: this chart only shows ` +
        'correlations it computes from the measured series, never numbers written by a model.'
      );
    }
  }
  return null;
}

/** The built-in artifacts, in the order of seed 002. */
export const BUILTIN_ARTIFACTS: readonly ArtifactDefinition[] = [
  {
    component: 'signal-chart',
    tag: 'signal-chart',
    description:
      'Shows a measured signal as a line chart over the last window_hours, with its threshold and an anomaly ' +
      'mark. The chart fetches the series itself: pass ids, not data.',
    schema: () => import('./schemas/signal-chart.js').then((module) => module.SIGNAL_CHART_PROPS),
  },
  {
    component: 'equipment-kb-card',
    tag: 'equipment-kb-card',
    label: 'equipment knowledge card',
    description:
      "Shows a cell's knowledge-base record (owner, location, hardware, objectives, runbook), fetched by cell_id, " +
      'with chosen fields highlighted.',
    schema: () =>
      import('./schemas/equipment-kb-card.js').then((module) => module.EQUIPMENT_KB_CARD_PROPS),
  },
  {
    component: 'work-order-card',
    tag: 'work-order-card',
    description:
      'Shows a work order fetched by its id; when printable, the card offers a Print button that prints the ' +
      'work order alone.',
    schema: () =>
      import('./schemas/work-order-card.js').then((module) => module.WORK_ORDER_CARD_PROPS),
  },
  {
    component: 'diagnostic-card',
    tag: 'diagnostic-card',
    description:
      'Shows a final diagnosis: title, confidence, root cause, contributing factors and an optional pattern match.',
    schema: () =>
      import('./schemas/diagnostic-card.js').then((module) => module.DIAGNOSTIC_CARD_PROPS),
  },
  {
    component: 'correlation-matrix',
    tag: 'correlation-matrix',
    description:
      'Shows how 2 to 8 signals of a cell move together: the front end fetches their series and computes the ' +
      'Pearson correlation itself. Never pass a matrix: props that carry one are refused.',
    schema: () =>
      import('./schemas/correlation-matrix.js').then((module) => module.CORRELATION_MATRIX_PROPS),
    refuse: carriedMatrix,
  },
  {
    component: 'pattern-match',
    tag: 'pattern-match',
    description:
      'Shows that the current event resembles a past one, with their similarity from 0 to 1.',
    schema: () => import('./schemas/pattern-match.js').then((module) => module.PATTERN_MATCH_PROPS),
  },
  {
    component: 'bar-chart',
    tag: 'bar-chart',
    description:
      'Shows a few labelled values as horizontal bars, with a title and axis labels; cell_id is optional.',
    schema: () => import('./schemas/bar-chart.js').then((module) => module.BAR_CHART_PROPS),
  },
  {
    component: 'alert-banner',
    tag: 'alert-banner',
    description:
      'A sentinel alert about an anomaly of a cell, dismissible; critical ones are announced at once. It only ' +
      'arrives on the ui_render channel and is never offered to a model as a tool.',
    tool: false,
    schema: () => import('./schemas/alert-banner.js').then((module) => module.ALERT_BANNER_PROPS),
  },
  {
    component: 'kb-progress',
    tag: 'kb-progress',
    label: 'knowledge base progress',
    description:
      'Shows the steps of building a knowledge base and where each stands: pending, running, done, failed or skipped.',
    schema: () => import('./schemas/kb-progress.js').then((module) => module.KB_PROGRESS_PROPS),
  },
];

/** The registry the elements use unless given another: the built-in artifacts plus whatever a host registers. */
export const artifactRegistry = new ArtifactRegistry(BUILTIN_ARTIFACTS);

/** Registers an artifact in the default registry; returns a function that removes it again. */
export function registerArtifact(definition: ArtifactDefinition): () => void {
  return artifactRegistry.register(definition);
}
