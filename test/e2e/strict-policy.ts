// The strict page policy of the end-to-end pages, on its own so the page modules can share it.

/** The strict policy the README asks hosts for: no inline code, no eval, Trusted Types enforced. */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types lit-html 'allow-duplicates'",
].join('; ');
