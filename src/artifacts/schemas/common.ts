// What the built-in artifacts' props schemas share: zod with its English messages, and the common fields.
import '../../zod-setup.js';
import { z } from 'zod/v4';

export { z };

/** The longest window an artifact shows: a week. */
export const MAX_WINDOW_HOURS = 168;

/** The cell an artifact is about. */
export const cellId = z
  .number()
  .int()
  .min(1)
  .describe(
    'The cell (a whole number from 1) the artifact is about; pages filtered to a cell show only its artifacts.',
  );

/** How far back a chart looks, in whole hours. */
export const windowHours = z
  .number()
  .int()
  .min(1)
  .max(MAX_WINDOW_HOURS)
  .describe(`How many hours back from now to show, from 1 to ${MAX_WINDOW_HOURS}.`);

/** A signal definition's id. */
export const signalDefId = z.number().int().min(1);

/** Trimmed text of 1 to `max` characters. */
export const text = (max: number) => z.string().trim().min(1).max(max);
