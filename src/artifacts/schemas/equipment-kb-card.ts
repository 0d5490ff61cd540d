// The props schema of `equipment-kb-card` (zod), loaded with the first artifact of its kind.
import { z, cellId, text } from './common.js';

/** `render_equipment_kb_card`: the card fetches the cell's knowledge-base record. */
export const EQUIPMENT_KB_CARD_PROPS = z.object({
  cell_id: cellId,
  highlight_fields: z
    .array(text(64))
    .max(20)
    .optional()
    .describe('Keys (or labels) of record fields to highlight, such as runbook or latency_slo.'),
});
