// Configures zod before any schema is built: jitless, so zod never calls `new Function` under a strict CSP.
import { config } from 'zod/v4';

config({ jitless: true });
