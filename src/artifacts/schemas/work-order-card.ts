// The props schema of `work-order-card` (zod), loaded with the first artifact of its kind.
import { z, cellId } from './common.js';

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
