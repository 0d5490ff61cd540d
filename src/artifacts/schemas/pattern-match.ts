// The props schema of `pattern-match` (zod), loaded with the first artifact of its kind.
import { z, cellId, text } from './common.js';

/** `render_pattern_match`. */
export const PATTERN_MATCH_PROPS = z.object({
  current_event: text(2000).describe('The event being investigated, in a sentence.'),
  past_event_ref: text(200).describe('The reference of the past event it resembles.'),
  similarity: z.number().min(0).max(1).describe('How similar the two are, from 0 to 1.'),
  cell_id: cellId,
});
