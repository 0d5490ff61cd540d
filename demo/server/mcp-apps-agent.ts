// The fixture agent behind the real `@ag-ui/mcp-apps-middleware` (0.1.1), with the in-process MCP server
// (mcp/latency-server.ts) as its one server: the explorer recipe (the middleware runs the app's tool and adds the
// `mcp-apps` activity), the app's own message, and every proxied request of an app (`__proxiedMCPRequest`).
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware';
import type { RunAgentInput } from '@ag-ui/client';
import { routeFixture, type FixtureScript } from '../../src/fixtures/index.js';
import { latencyMcpUrl } from './mcp/latency-server.js';
import { middlewareScript } from './middleware-script.js';

/** The id the fixture gives its MCP server (the activity's `serverId`). */
export const LATENCY_SERVER_ID = 'service-latency';

/** A request an app sent through the host (the middleware answers it without the agent). */
export function isProxiedMcpRequest(input: RunAgentInput): boolean {
  const forwarded = input.forwardedProps as { __proxiedMCPRequest?: unknown } | undefined;
  return (
    typeof forwarded?.__proxiedMCPRequest === 'object' && forwarded.__proxiedMCPRequest !== null
  );
}

/** Whether the server sends an input through the MCP Apps middleware. */
export function usesMcpAppsMiddleware(input: RunAgentInput): boolean {
  if (isProxiedMcpRequest(input)) return true;
  try {
    const route = routeFixture(input);
    return route.kind === 'chat' && (route.intent === 'explore' || route.intent === 'compare');
  } catch {
    // An input the fixture refuses is refused without the middleware.
    return false;
  }
}

let middleware: Promise<MCPAppsMiddleware> | null = null;

/** The script that answers `input` through the MCP Apps middleware. */
export async function mcpAppsMiddlewareScript(input: RunAgentInput): Promise<FixtureScript> {
  middleware ??= latencyMcpUrl().then(
    (url) =>
      new MCPAppsMiddleware({
        mcpServers: [{ type: 'http', url, serverId: LATENCY_SERVER_ID }],
        discoveryFailureMode: 'throw',
      }),
  );
  return middlewareScript(await middleware, input);
}
