// The props schema of `alert-banner` (zod), loaded with the first artifact of its kind.
import { z, cellId, text } from './common.js';

/** `alert_banner`: only from the `ui_render` channel (a sentinel emits it); never offered to a model. */
export const ALERT_BANNER_PROPS = z.object({
  severity: z
    .enum(['info', 'warning', 'critical'])
    .describe('critical alerts are announced at once.'),
  cell_id: cellId,
  message: text(1000).describe('What happened, in a sentence.'),
  anomaly_id: text(200).describe('The anomaly the alert is about.'),
});
