// The MCP Apps sandbox proxy as one file, dist/mcp-apps-sandbox.html (issue 27): the proxy's TypeScript
// (components/agent-chat/genui/mcp-apps-sandbox.ts) bundled into its one inline script. A host serves this file from
// another origin with the headers the README gives (read from there, so the tests serve what the README says).
import { readFileSync, writeFileSync } from 'node:fs';
import { classicScript } from './classic-script.mjs';

export const SANDBOX_ENTRY = 'components/agent-chat/genui/mcp-apps-sandbox.ts';

/** The proxy page's response headers, as the README gives them (its line `Content-Security-Policy (MCP Apps sandbox): …`). */
export function sandboxHeaders(parentOrigins) {
  const readme = readFileSync('README.md', 'utf8');
  const match = /^Content-Security-Policy \(MCP Apps sandbox\): ([^\n`]+)$/m.exec(readme);
  if (!match?.[1])
    throw new Error('README.md shows no "Content-Security-Policy (MCP Apps sandbox)".');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': match[1]
      .trim()
      .replace('<your site origins>', parentOrigins.join(' ')),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/** The proxy's HTML: a full-size frame holder whose script comes last, once `<body>` exists. */
export async function sandboxHtml() {
  const script = (await classicScript(SANDBOX_ENTRY)).trim().replace(/<\/script/gi, '<\\/script');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MCP App</title>
<style>html,body{margin:0;block-size:100%}body{font:14px/1.4 system-ui,sans-serif;color:CanvasText;background:transparent}iframe{display:block;border:0;inline-size:100%;block-size:100%}p{margin:1em}</style>
</head>
<body>
<script>${script}</script>
</body>
</html>
`;
}

/** Writes dist/mcp-apps-sandbox.html. */
export async function writeSandbox(path = 'dist/mcp-apps-sandbox.html') {
  writeFileSync(path, await sandboxHtml());
}
