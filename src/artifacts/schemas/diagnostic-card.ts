// The props schema of `diagnostic-card` (zod), loaded with the first artifact of its kind.
import { z, cellId, text } from './common.js';

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
