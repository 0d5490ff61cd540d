// The props schema of `kb-progress` (zod), loaded with the first artifact of its kind.
import { z, cellId, text } from './common.js';

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
