// The MCP Apps end-to-end page: a chat on the fixture endpoint (real @ag-ui/mcp-apps-middleware, real MCP server)
// under the README's Trusted Types policy for MCP Apps: /mcp/host.html with the ES module, /mcp/classic.html with
// the classic script (which loads the host part from beside itself), /mcp/saved.html with the ES module and the
// thread saved in sessionStorage, and /mcp/strict.html?sandbox=URL: the strict policy (no inline script, no
// policy for MCP Apps) with the app in the sandbox proxy at URL, which startSandboxServer serves on another origin.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxHeaders } from '../../scripts/mcp-sandbox.mjs';
import { STRICT_CSP } from './strict-policy.js';

/** The Trusted Types policy the README gives hosts of MCP Apps, read from the README itself. */
export function mcpAppsPolicy(): string {
  const readme = readFileSync('README.md', 'utf8');
  const match = /^Content-Security-Policy \(MCP Apps\): ([^`]+?)\n```/m.exec(readme);
  if (!match?.[1]) throw new Error('README.md shows no "Content-Security-Policy (MCP Apps)".');
  return match[1].replace(/\s+/g, ' ').trim();
}

const page = (script: string, persist: boolean, sandbox = '') => `<!doctype html>
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
        <agent-chat${sandbox ? ` mcp-apps-sandbox="${sandbox.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"` : ''}></agent-chat>
      </agent-run>
    </main>
  </body>
</html>
`;

/** What the server answers for a path under /mcp/, or null for any other path. */
export function mcpPageResponse(
  url: URL,
): { headers: Record<string, string>; body: string } | null {
  const { pathname } = url;
  if (pathname === '/mcp/strict.html') {
    const sandbox = url.searchParams.get('sandbox') ?? '';
    const frames = sandbox ? new URL(sandbox).origin : "'none'";
    return {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `${STRICT_CSP}; frame-src ${frames}`,
      },
      body: page('<script type="module" src="/dist/agui-elements.js"></script>', false, sandbox),
    };
  }
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

export interface SandboxServer {
  /** The proxy's URL with `parent=` naming the given origins. */
  url(parents: readonly string[]): string;
  close(): Promise<void>;
}

/**
 * The built dist/mcp-apps-sandbox.html on its own origin, with the headers the README gives, `frame-ancestors`
 * naming `ancestors` (the site's origins, as a host configures them; a page's `parent=` list is its own).
 */
export async function startSandboxServer(ancestors: readonly string[]): Promise<SandboxServer> {
  const html = readFileSync('dist/mcp-apps-sandbox.html', 'utf8');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp-apps-sandbox.html') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, sandboxHeaders(ancestors));
    res.end(html);
  });
  // localhost, where the pages are on 127.0.0.1: another origin (and another site) even on the same port range.
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: (parents) =>
      `http://localhost:${port}/mcp-apps-sandbox.html?parent=${parents.map(encodeURIComponent).join(',')}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
