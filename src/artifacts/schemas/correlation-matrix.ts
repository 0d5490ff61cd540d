// The props schema of `correlation-matrix` (zod), loaded with the first artifact of its kind.
import { z, cellId, windowHours, signalDefId } from './common.js';

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
