// The pages of the end-to-end XSS test: the chat with an in-page scripted agent, served under the README's
// Content-Security-Policy — once with `script-src 'self'` alone, once with Trusted Types enforced.
import { readFileSync } from 'node:fs';
import { harnessScript } from './harness-build.js';

/** The policy the README gives hosts, read from the README itself so the test always uses exactly that text. */
export function readmePolicy(): string {
  const readme = readFileSync('README.md', 'utf8');
  const match = /^Content-Security-Policy: ([^`]+?)\n```/m.exec(readme);
  if (!match?.[1]) throw new Error('README.md shows no Content-Security-Policy.');
  return match[1].replace(/\s+/g, ' ').trim();
}

/** The README's policy without its Trusted Types directives: `script-src 'self'` and no inline code. */
export function scriptSelfPolicy(): string {
  return readmePolicy()
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => !/^(require-trusted-types-for|trusted-types)\b/.test(directive))
    .join('; ');
}

/** Each page: its policy and the bundle it loads (the classic script, or the ES module with its chunks). */
export const XSS_PAGES = {
  '/xss/script-src-self.html': { policy: scriptSelfPolicy, bundle: 'iife' },
  '/xss/trusted-types.html': { policy: readmePolicy, bundle: 'module' },
} as const;

export type XssPagePath = keyof typeof XSS_PAGES;

function pageHtml(bundle: 'iife' | 'module'): string {
  const script =
    bundle === 'iife'
      ? '<script src="/dist/agui-elements.iife.js" defer></script>'
      : '<script type="module" src="/dist/agui-elements.js"></script>';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>XSS corpus under a strict policy</title>
    <link rel="icon" href="/xss/favicon.svg" />
    ${script}
    <script src="/xss/harness.js" defer></script>
  </head>
  <body>
    <main>
      <agent-run id="xss" thread-id="xss-e2e">
        <agent-chat></agent-chat>
      </agent-run>
    </main>
  </body>
</html>
`;
}

/** What the server answers for a path under /xss/, or null for any other path. */
export async function xssResponse(
  pathname: string,
): Promise<{ headers: Record<string, string>; body: string } | null> {
  if (pathname === '/xss/favicon.svg') {
    return {
      headers: { 'content-type': 'image/svg+xml' },
      body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    };
  }
  if (pathname === '/xss/harness.js') {
    return {
      headers: { 'content-type': 'text/javascript; charset=utf-8' },
      body: await harnessScript('test/e2e/xss-harness.ts'),
    };
  }
  const page = XSS_PAGES[pathname as XssPagePath];
  if (!page) return null;
  return {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': page.policy(),
    },
    body: pageHtml(page.bundle),
  };
}
