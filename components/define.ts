// Registers every element of the package on import (the provider first); a tag another definition holds gets
// `agui-<tag>` instead, and `tagName(base)` tells which tag was used.
import { define } from './definitions.js';

export { define, defineAll, tagName, type ElementDefinition } from './definitions.js';

define();
