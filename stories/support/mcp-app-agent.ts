// An in-page agent for MCP Apps stories and the host's browser tests: its chat run ends with the middleware's
// `mcp-apps` activity, and it answers the app's side runs (`__proxiedMCPRequest`) from `answer`. The app it serves
// is a small page that speaks the MCP Apps protocol by hand (the real app, on ext-apps' App behind the real
// middleware, is in the end-to-end tests): it initialises, shows the tool result and logs what it received.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import type { AgentLike } from '../../src/store/types.js';
import { ev, finished, started, storyAgent } from './story-agent.js';

export const APP_URI = 'ui://service-latency/explorer.html';

/** An app that initialises, renders the tool result's text and reports every host message it got (logging). */
export const HANDMADE_APP = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Latency</title>
<style>body{margin:0;padding:12px;font:14px system-ui;color-scheme:light dark}h1{font-size:1rem;margin:0 0 6px}</style>
</head><body><h1>Service latency explorer</h1><p id="out">Waiting for the host…</p><script>
const seen = [];
let id = 1;
const send = (message) => parent.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*');
addEventListener('message', (event) => {
  if (event.source !== parent) return;
  const message = event.data;
  seen.push(message.method || 'result:' + message.id);
  if (message.id === 1 && message.result) {
    send({ method: 'ui/notifications/initialized', params: {} });
  }
  if (message.method === 'ui/notifications/tool-result') {
    const text = (message.params.content || []).map((block) => block.text).join(' ');
    document.getElementById('out').textContent = text;
    send({ method: 'ui/notifications/size-changed', params: { height: document.documentElement.scrollHeight } });
    send({ method: 'notifications/message', params: { level: 'info', data: seen.slice() } });
  }
});
send({ id: id++, method: 'ui/initialize', params: { protocolVersion: '2026-01-26', appInfo: { name: 'story', version: '1' }, appCapabilities: {} } });
</script></body></html>`;

/** An app that never initialises (the host gives up after 10 s). */
export const SILENT_APP = '<!doctype html><html><body><p>Never ready</p></body></html>';

export type SideAnswer = unknown | 'hold';

/** What the app's side runs asked for, in order. */
export interface ProxiedRequest {
  readonly method: string;
  readonly params: unknown;
}

const resource = (html: string) => ({
  contents: [{ uri: APP_URI, mimeType: 'text/html;profile=mcp-app', text: html }],
});

const TOOL_RESULT = {
  content: [{ type: 'text', text: 'API latency: p50 145 ms, p95 276 ms, p99 377 ms.' }],
};

/**
 * The agent: a chat run that shows the app, and side runs answered by `answer(method, params)` (default: the
 * handmade app's HTML for `resources/read`, `{}` otherwise). `requests` records what the side runs asked.
 */
export function mcpAppAgent(
  answer: (method: string, params: unknown) => SideAnswer = (method) =>
    method === 'resources/read' ? resource(HANDMADE_APP) : {},
): AgentLike & { readonly requests: ProxiedRequest[] } {
  const requests: ProxiedRequest[] = [];
  const agent = storyAgent((input: RunAgentInput): (BaseEvent | 'hold')[] => {
    const proxied = (input.forwardedProps as { __proxiedMCPRequest?: ProxiedRequest } | undefined)
      ?.__proxiedMCPRequest;
    if (proxied) {
      requests.push({ method: proxied.method, params: proxied.params });
      const result = answer(proxied.method, proxied.params);
      if (result === 'hold') return [started(input), 'hold'];
      return [started(input), ev({ ...finished(input), result })];
    }
    return [
      started(input),
      ev({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }),
      ev({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Opening the explorer.' }),
      ev({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }),
      ev({
        type: 'TOOL_CALL_START',
        toolCallId: 'c1',
        toolCallName: 'service_latency_explorer',
        parentMessageId: 'm1',
      }),
      ev({ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"service":"api"}' }),
      ev({ type: 'TOOL_CALL_END', toolCallId: 'c1' }),
      ev({
        type: 'TOOL_CALL_RESULT',
        messageId: 'r1',
        toolCallId: 'c1',
        content: TOOL_RESULT.content[0]!.text,
      }),
      ev({
        type: 'ACTIVITY_SNAPSHOT',
        messageId: 'app-1',
        activityType: 'mcp-apps',
        content: {
          resourceUri: APP_URI,
          serverHash: 'f7962eca12136e7ef18efda1deb988ea',
          serverId: 'service-latency',
          toolInput: { service: 'api' },
          result: TOOL_RESULT,
        },
        replace: true,
      }),
      finished(input),
    ];
  });
  return Object.assign(agent, { requests });
}

/** The handmade app's HTML, or another, as a `resources/read` result. */
export const appResource = resource;
