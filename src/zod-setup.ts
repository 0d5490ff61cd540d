// Configures zod before any schema is built: jitless, so zod never calls `new Function` under a strict CSP, and
// English messages unless the host chose a locale (zod sets them by a side effect that bundlers may drop).
import { config } from 'zod/v4';
import en from 'zod/v4/locales/en.js';

config({ jitless: true, ...(config().localeError ? {} : en()) });
