// The MCP Apps sandbox proxy (dist/mcp-apps-sandbox.html, the spec's double frame for web hosts). A host whose page
// forbids inline script serves this file from another origin and names it with `mcp-apps-sandbox="URL"`. The proxy
// answers only parents whose origin is in its URL's `parent=` list: it announces `sandbox-proxy-ready` to each of
// them by target origin, so no other page ever hears it, and ignores every message from anywhere else. It runs the
// app in an inner frame under the resource's CSP and the permissions the host granted, and relays JSON-RPC both ways.
// Built by scripts/build.mjs into the HTML file as its one inline script.
import { appPermissions, appPolicy, withPolicy, APP_PERMISSIONS } from './mcp-app-policy.js';

const READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE = 'ui/notifications/sandbox-resource-ready';
/** The inner frame's sandbox tokens a host may ask for; never top navigation. */
const TOKENS = new Set([
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-modals',
  'allow-downloads',
]);

interface Message {
  readonly jsonrpc?: unknown;
  readonly method?: unknown;
  readonly params?: {
    readonly html?: unknown;
    readonly sandbox?: unknown;
    readonly csp?: unknown;
    readonly permissions?: unknown;
  };
}

/** The origins in `parent=` (comma- or space-separated); anything that is not an http(s) origin is dropped. */
function allowedParents(search: string): string[] {
  const origins: string[] = [];
  for (const value of new URLSearchParams(search).getAll('parent')) {
    for (const item of value.split(/[\s,]+/)) {
      try {
        const url = new URL(item);
        if (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.origin === item.replace(/\/$/, '')
        )
          origins.push(url.origin);
      } catch {
        // Not a URL: never a parent.
      }
    }
  }
  return origins;
}

function say(text: string): void {
  const note = document.createElement('p');
  note.textContent = text;
  document.body.replaceChildren(note);
}

function start(): void {
  const parents = allowedParents(location.search);
  if (window.parent === window)
    return say('This is the MCP Apps sandbox: a host page loads it in a frame.');
  if (parents.length === 0)
    return say('This sandbox names no parent origin (add ?parent=https://your.site).');
  let inner: HTMLIFrameElement | null = null;
  let parentOrigin: string | null = null;

  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Message | null;
    if (!data || typeof data !== 'object' || data.jsonrpc !== '2.0') return;
    if (event.source === window.parent && parents.includes(event.origin)) {
      // The first allowed origin that speaks is the parent from then on.
      parentOrigin ??= event.origin;
      if (event.origin !== parentOrigin) return;
      if (data.method === RESOURCE) {
        if (!inner) inner = load(data.params ?? {});
        return;
      }
      inner?.contentWindow?.postMessage(data, '*');
      return;
    }
    if (inner && event.source === inner.contentWindow && parentOrigin) {
      window.parent.postMessage(data, parentOrigin);
    }
  });

  // postMessage drops a message whose target origin is not the parent's: only an allowed parent hears this.
  for (const origin of parents) {
    window.parent.postMessage({ jsonrpc: '2.0', method: READY, params: {} }, origin);
  }
}

/** The app's frame: its HTML under its CSP (first in its head), the granted permissions, opaque unless asked. */
function load(params: NonNullable<Message['params']>): HTMLIFrameElement | null {
  if (typeof params.html !== 'string') return null;
  const frame = document.createElement('iframe');
  const tokens =
    typeof params.sandbox === 'string'
      ? params.sandbox.split(/\s+/).filter((token) => TOKENS.has(token))
      : ['allow-scripts'];
  frame.setAttribute('sandbox', tokens.join(' '));
  // Every feature the resource asks for: the host's own frame `allow` already holds only those it granted.
  const { granted } = appPermissions(params.permissions, Object.values(APP_PERMISSIONS));
  if (granted.length > 0) frame.setAttribute('allow', granted.join('; '));
  frame.title = document.title;
  frame.srcdoc = withPolicy(params.html, appPolicy(params.csp));
  document.body.replaceChildren(frame);
  return frame;
}

start();
