// The MCP Apps end-to-end page: a chat on the fixture endpoint (real @ag-ui/mcp-apps-middleware, real MCP server)
// under the README's Trusted Types policy for MCP Apps: /mcp/host.html with the ES module, /mcp/classic.html with
// the classic script (which loads the host part from beside itself), /mcp/saved.html with the ES module and the
// thread saved in sessionStorage.
import { readFileSync } from 'node:fs';

/** The Trusted Types policy the README gives hosts of MCP Apps, read from the README itself. */
export function mcpAppsPolicy(): string {
  const readme = readFileSync('README.md', 'utf8');
  const match = /^Content-Security-Policy \(MCP Apps\): ([^`]+?)\n```/m.exec(readme);
  if (!match?.[1]) throw new Error('README.md shows no "Content-Security-Policy (MCP Apps)".');
  return match[1].replace(/\s+/g, ' ').trim();
}

const page = (script: string, persist: boolean) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>MCP Apps host</title>
    <link rel="icon" href="data:," />
    ${script}
  </head>
  <body>
    <main>
      <agent-run id="mcp" endpoint="/api/agent-analysis"${persist ? ' persist="session"' : ''}>
        <agent-chat></agent-chat>
      </agent-run>
    </main>
  </body>
</html>
`;

/** What the server answers for a path under /mcp/, or null for any other path. */
export function mcpPageResponse(
  pathname: string,
): { headers: Record<string, string>; body: string } | null {
  const script =
    pathname === '/mcp/host.html' || pathname === '/mcp/saved.html'
      ? '<script type="module" src="/dist/agui-elements.js"></script>'
      : pathname === '/mcp/classic.html'
        ? '<script src="/dist/agui-elements.iife.js" defer></script>'
        : null;
  if (!script) return null;
  return {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': mcpAppsPolicy(),
    },
    body: page(script, pathname === '/mcp/saved.html'),
  };
}
