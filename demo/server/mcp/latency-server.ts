// A small real MCP server in the fixture's process (@modelcontextprotocol/sdk, streamable HTTP, stateless) with one
// MCP App, "Service latency explorer": the `service_latency_explorer` tool (visible to the model) shows it, the
// app-only `service_latency` tool loads another service's figures. It listens on 127.0.0.1 at a free port, started on
// first use; `@ag-ui/mcp-apps-middleware` reaches it over HTTP as it would any MCP server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import {
  RESOURCE_MIME_TYPE,
  registerAppResource,
  registerAppTool,
} from '@modelcontextprotocol/ext-apps/server';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod/v4';
import { toNodeListener } from '../node-adapter.js';
import { SERVICE_IDS, latencyText, serviceLatency } from '../../../src/fixtures/service-latency.js';

/** The app's resource. */
export const LATENCY_APP_URI = 'ui://service-latency/explorer.html';
/** The tool the agent calls to show the app. */
export const LATENCY_APP_TOOL = 'service_latency_explorer';
/** The tool only the app calls. */
export const LATENCY_DATA_TOOL = 'service_latency';

let appHtml: Promise<string> | null = null;

/** The app's HTML: its script (ext-apps' App and latency-app.ts) bundled inline, its styles inline. */
export function latencyAppHtml(): Promise<string> {
  return (appHtml ??= build({
    entryPoints: [new URL('./latency-app.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    logLevel: 'silent',
  }).then(
    ({ outputFiles }) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Service latency explorer</title>
<style>${APP_STYLES}</style>
</head>
<body>
<main id="app"></main>
<script>${outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>`,
  ));
}

const APP_STYLES = `
:root { color-scheme: light dark; font: 14px/1.45 system-ui, sans-serif; }
[data-theme="light"] { color-scheme: light; } [data-theme="dark"] { color-scheme: dark; }
body { margin: 0; padding: 12px; background: Canvas; color: CanvasText; }
h1 { font-size: 1rem; margin: 0 0 8px; } h2 { font-size: .95rem; margin: 0 0 4px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
section { flex: 1 1 160px; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 8px; padding: 8px 10px; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0 8px; margin: 0 0 6px; } dt { font-weight: 600; } dd { margin: 0; }
.bars { display: flex; align-items: flex-end; gap: 2px; block-size: 48px; margin: 0; padding: 0; list-style: none; }
.bars li { flex: 1; background: #2563eb; border-radius: 2px 2px 0 0; min-block-size: 2px; }
.sr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); }
.actions { display: flex; flex-wrap: wrap; gap: 8px; margin-block: 10px 4px; }
button { font: inherit; padding: 4px 10px; border-radius: 6px; border: 1px solid currentColor; background: transparent; color: inherit; cursor: pointer; }
#status { min-block-size: 1.4em; margin: 0; color: color-mix(in srgb, CanvasText 70%, transparent); }
`;

function figuresResult(service: string) {
  const figures = serviceLatency(service);
  if (!figures) {
    return {
      isError: true,
      content: [{ type: 'text' as const, text: `Unknown service ${service}.` }],
    };
  }
  return {
    content: [{ type: 'text' as const, text: latencyText(figures) }],
    structuredContent: { ...figures },
  };
}

/** A fresh MCP server (stateless: one per HTTP request). */
function latencyMcpServer(): McpServer {
  const server = new McpServer({ name: 'service-latency', version: '1.0.0' });
  registerAppTool(
    server,
    LATENCY_APP_TOOL,
    {
      title: 'Service latency explorer',
      description:
        "Shows a service's latency percentiles and its last hour in an interactive explorer.",
      inputSchema: { service: z.enum(SERVICE_IDS), testControls: z.boolean().optional() },
      _meta: { ui: { resourceUri: LATENCY_APP_URI } },
    },
    ({ service }) => figuresResult(service),
  );
  registerAppTool(
    server,
    LATENCY_DATA_TOOL,
    {
      title: 'Service latency figures',
      description: "One service's latency figures, for the explorer app.",
      inputSchema: { service: z.enum(SERVICE_IDS) },
      _meta: { ui: { resourceUri: LATENCY_APP_URI, visibility: ['app'] } },
    },
    ({ service }) => figuresResult(service),
  );
  registerAppResource(
    server,
    'Service latency explorer',
    LATENCY_APP_URI,
    { description: 'The explorer app', _meta: { ui: { prefersBorder: true } } },
    async () => ({
      contents: [
        {
          uri: LATENCY_APP_URI,
          mimeType: RESOURCE_MIME_TYPE,
          text: await latencyAppHtml(),
          // Copy figures needs the clipboard; location is asked for and never used, so a host's refusal shows too.
          // A host grants them only from its own allow-list.
          _meta: { ui: { permissions: { clipboardWrite: {}, geolocation: {} } } },
        },
      ],
    }),
  );
  return server;
}

async function handleMcp(request: Request): Promise<Response> {
  const server = latencyMcpServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // Stateless: the answer is complete (JSON), so this request's server can go.
    void server.close();
  }
}

let listening: Promise<string> | null = null;

/** The MCP server's URL, listening from the first call on (it never keeps the process alive). */
export function latencyMcpUrl(): Promise<string> {
  return (listening ??= new Promise<string>((resolve, reject) => {
    const http: Server = createServer(toNodeListener(handleMcp));
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => {
      http.unref();
      resolve(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
    });
  }));
}
