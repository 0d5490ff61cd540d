// The MCP Apps end-to-end page: a chat on the fixture endpoint (real @ag-ui/mcp-apps-middleware, real MCP server)
// under the README's Trusted Types policy for MCP Apps, with the ES module build.
import { readFileSync } from 'node:fs';

/** The Trusted Types policy the README gives hosts of MCP Apps, read from the README itself. */
export function mcpAppsPolicy(): string {
  const readme = readFileSync('README.md', 'utf8');
  const match = /^Content-Security-Policy \(MCP Apps\): ([^`]+?)\n```/m.exec(readme);
  if (!match?.[1]) throw new Error('README.md shows no "Content-Security-Policy (MCP Apps)".');
  return match[1].replace(/\s+/g, ' ').trim();
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>MCP Apps host</title>
    <link rel="icon" href="data:," />
    <script type="module" src="/dist/agui-elements.js"></script>
  </head>
  <body>
    <main>
      <agent-run id="mcp" endpoint="/api/agent-analysis">
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
  if (pathname !== '/mcp/host.html') return null;
  return {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': mcpAppsPolicy(),
    },
    body: PAGE,
  };
}
