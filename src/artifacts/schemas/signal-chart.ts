// The props schema of `signal-chart` (zod), loaded with the first artifact of its kind.
import { z, cellId, windowHours, signalDefId } from './common.js';

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
