// The props schemas of the built-in artifacts (zod, loaded with the first artifact or the first declared render
// tool, never on an idle page) and their JSON Schema, generated from the same schemas.
import '../zod-setup.js';
import { z } from 'zod/v4';

const MAX_WINDOW_HOURS = 168;

const cellId = z
  .number()
  .int()
  .min(1)
  .describe(
    'The cell (a whole number from 1) the artifact is about; pages filtered to a cell show only its artifacts.',
  );

const windowHours = z
  .number()
  .int()
  .min(1)
  .max(MAX_WINDOW_HOURS)
  .describe(`How many hours back from now to show, from 1 to ${MAX_WINDOW_HOURS}.`);

const signalDefId = z.number().int().min(1);

const text = (max: number) => z.string().trim().min(1).max(max);

/** `render_signal_chart`: the chart fetches the series itself; props only point at it. */
export const SIGNAL_CHART_PROPS = z.object({
  signal_def_id: signalDefId.describe(
    'The signal definition to chart; the chart fetches its series.',
  ),
  window_hours: windowHours,
  mark_anomaly_at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('An instant to mark as the anomaly, ISO 8601 with a zone (2026-01-15T11:25:00Z).'),
  threshold: z
    .number()
    .optional()
    .describe(
      'A threshold to draw as a line, in the unit of the signal (default: the signal’s own).',
    ),
  cell_id: cellId,
});

/** `render_diagnostic_card`. */
export const DIAGNOSTIC_CARD_PROPS = z.object({
  title: text(200).describe('A short title of the diagnosis.'),
  confidence: z.number().min(0).max(1).describe('How sure the diagnosis is, from 0 to 1.'),
  root_cause: text(2000).describe('The root cause, in one or two sentences.'),
  contributing_factors: z
    .array(text(500))
    .max(20)
    .describe('Other factors that contributed, one sentence each.'),
  pattern_match_id: text(200)
    .nullish()
    .describe('The id of a known pattern this diagnosis matches, if any.'),
  cell_id: cellId,
});

/** `render_work_order_card`: the card fetches the work order. */
export const WORK_ORDER_CARD_PROPS = z.object({
  work_order_id: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
      'A work order id is letters, digits, dots, dashes or underscores',
    )
    .describe('The work order to show, such as WO-1001; the card fetches it.'),
  printable: z.boolean().describe('Whether the card offers a Print button.'),
  cell_id: cellId,
});

/** `render_equipment_kb_card`: the card fetches the cell's knowledge-base record. */
export const EQUIPMENT_KB_CARD_PROPS = z.object({
  cell_id: cellId,
  highlight_fields: z
    .array(text(64))
    .max(20)
    .optional()
    .describe('Keys (or labels) of record fields to highlight, such as runbook or latency_slo.'),
});

/** `render_pattern_match`. */
export const PATTERN_MATCH_PROPS = z.object({
  current_event: text(2000).describe('The event being investigated, in a sentence.'),
  past_event_ref: text(200).describe('The reference of the past event it resembles.'),
  similarity: z.number().min(0).max(1).describe('How similar the two are, from 0 to 1.'),
  cell_id: cellId,
});

/** `render_bar_chart`: the only artifact whose cell is optional (general charts belong to no cell). */
export const BAR_CHART_PROPS = z.object({
  title: text(200).describe('The title of the chart.'),
  x_label: text(100).describe('What the bars are (the category axis).'),
  y_label: text(100).describe('What the values measure (the value axis), with the unit.'),
  bars: z
    .array(z.object({ label: text(100), value: z.number() }))
    .min(1)
    .max(50)
    .describe('One bar per category, in the order to show.'),
  cell_id: cellId.optional(),
});

/** `alert_banner`: only from the `ui_render` channel (a sentinel emits it); never offered to a model. */
export const ALERT_BANNER_PROPS = z.object({
  severity: z
    .enum(['info', 'warning', 'critical'])
    .describe('critical alerts are announced at once.'),
  cell_id: cellId,
  message: text(1000).describe('What happened, in a sentence.'),
  anomaly_id: text(200).describe('The anomaly the alert is about.'),
});

/** The statuses a KB-building step can have. */
export const KB_STEP_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;

/** `render_kb_progress`. */
export const KB_PROGRESS_PROPS = z.object({
  steps: z
    .array(z.object({ label: text(200), status: z.enum(KB_STEP_STATUSES) }))
    .min(1)
    .max(30)
    .describe('The steps of building the knowledge base, in order.'),
  cell_id: cellId,
});

/** `render_correlation_matrix`: the front end fetches the series and computes Pearson itself. */
export const CORRELATION_MATRIX_PROPS = z.object({
  cell_id: cellId,
  signal_def_ids: z
    .array(signalDefId)
    .min(2)
    .max(8)
    .refine((ids) => new Set(ids).size === ids.length, 'signal_def_ids must not repeat an id')
    .describe(
      '2 to 8 signal definitions to correlate; the matrix is computed from their measured series.',
    ),
  window_hours: windowHours,
});

/** JSON Schema (draft 2020-12) of a props schema, without the noise a model does not need. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    override: (context) => {
      const node = context.jsonSchema as Record<string, unknown>;
      // The date-time regex is several hundred characters; `format` says the same.
      if (node.format === 'date-time') delete node.pattern;
      if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
