// The props schema of `bar-chart` (zod), loaded with the first artifact of its kind.
import { z, cellId, text } from './common.js';

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
