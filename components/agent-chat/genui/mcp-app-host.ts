// The MCP Apps host (a lazy part, loaded with the first `mcp-apps` activity): one session per app frame. It fetches
// the app's HTML with a side run, gives it to an opaque-origin frame (`sandbox="allow-scripts"`, never
// `allow-same-origin`) under a CSP built from the resource's `_meta.ui.csp`, and speaks the host side of the MCP Apps
// protocol (2026-01-26) over postMessage JSON-RPC with that frame's window only. Plain DOM: nothing borrowed.
import type { McpAppContent } from '../../../src/genui/mcp-apps/content.js';

/** The protocol version this host speaks. */
export const MCP_APPS_PROTOCOL = '2026-01-26';
/** How long an app has to send `ui/notifications/initialized`. */
export const INIT_TIMEOUT_MS = 10_000;
/** Side runs one app may have under way at once. */
export const MAX_APP_REQUESTS = 4;
/** The Trusted Types policy that the app's HTML, and only it, goes through. */
export const MCP_APPS_POLICY = 'agui-elements-mcp-apps';

/** The permissions an app's resource may ask for (`_meta.ui.permissions`), by the frame's `allow` feature. */
export const APP_PERMISSIONS = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
} as const;

export type McpAppPermission = (typeof APP_PERMISSIONS)[keyof typeof APP_PERMISSIONS];

/** How an app is shown: in its turn, or over the page in a modal dialog (after the person opens it). */
export type McpAppDisplayMode = 'inline' | 'fullscreen';

/** What the middleware proxies to the MCP server for an app. */
const PROXIED = new Set(['tools/call', 'resources/read', 'notifications/message', 'ping']);
const APP_MIME = /^text\/html(;|$)/i;

/** Why a session stopped, or a request it refused: the chat says each in words. */
export type McpAppProblem =
  | { readonly code: 'fetch-failed'; readonly detail: string }
  | { readonly code: 'no-html'; readonly detail: string }
  | { readonly code: 'policy'; readonly detail: string }
  | { readonly code: 'timeout'; readonly detail: string }
  | { readonly code: 'navigated'; readonly detail: string };

/** A request of the app the host refused (the app got a JSON-RPC error too). */
export interface McpAppRefusal {
  readonly method: string;
  readonly reason: string;
}

export type McpAppPhase = 'loading' | 'starting' | 'running';

/** What the chat lends a session. */
export interface McpAppHostOptions {
  readonly frame: HTMLIFrameElement;
  readonly app: McpAppContent;
  readonly toolName: string;
  /** The permissions this page lets apps have (`.mcpAppPermissions`); a resource asking for others is refused them. */
  readonly permissions: readonly string[];
  /** The resource asked for permissions the page does not allow (the frame runs without them). */
  permissionsRefused(names: readonly McpAppPermission[]): void;
  /** The app asked for full view: the chat offers it (only the person opens it); or asked to leave it. */
  displayModeRequested(mode: McpAppDisplayMode): void;
  /** Sends a request through the agent (a side run) and answers its MCP result. */
  request(method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
  /** Sends the app's `ui/message` as the person's turn; answers why not (in words), or null once sent. */
  message(text: string): string | null;
  /** Asks the page (the cancelable `mcp-open-link`); false when it kept the link. */
  openLink(url: string): boolean;
  /** The host context's changing parts: theme, locale, how the app is shown, its container. */
  context(): {
    readonly theme: 'light' | 'dark';
    readonly locale: string;
    readonly width: number;
    readonly displayMode: McpAppDisplayMode;
    /** In full view, the height the app has; inline, the frame's cap applies. */
    readonly height?: number;
  };
  phase(phase: McpAppPhase): void;
  failed(problem: McpAppProblem): void;
  refused(refusal: McpAppRefusal): void;
}

interface JsonRpc {
  readonly jsonrpc?: unknown;
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
}

type TrustedHtmlPolicy = { createHTML(html: string): unknown };
let policy: TrustedHtmlPolicy | null = null;

/** The app's HTML as the frame's `srcdoc` wants it: through our policy when the page enforces Trusted Types. */
function srcdocValue(html: string): string {
  const types = (globalThis as { trustedTypes?: { createPolicy: (...args: unknown[]) => unknown } })
    .trustedTypes;
  if (!types) return html;
  // The HTML runs in an opaque-origin frame (no allow-same-origin): it can reach nothing of this page.
  policy ??= types.createPolicy(MCP_APPS_POLICY, {
    createHTML: (value: string) => value,
  }) as TrustedHtmlPolicy;
  return policy.createHTML(html) as string;
}

const SOURCE = /^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

/** The frame's CSP from `_meta.ui.csp` (domains that are not plain origins are dropped); the spec's default without. */
export function appPolicy(csp: unknown): string {
  const list = (key: string) => {
    const value = (csp as Record<string, unknown> | undefined)?.[key];
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && SOURCE.test(item))
      : [];
  };
  const resources = list('resourceDomains').join(' ');
  const connect = list('connectDomains').join(' ') || "'none'";
  const frames = list('frameDomains').join(' ') || "'none'";
  const bases = list('baseUriDomains').join(' ') || "'self'";
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `connect-src ${connect}`,
    `frame-src ${frames}`,
    `base-uri ${bases}`,
    "object-src 'none'",
  ]
    .map((directive) => directive.trim())
    .join('; ');
}

/** The HTML with its CSP as the first element of its head (a meta policy only governs what follows it). */
export function withPolicy(html: string, policyText: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policyText.replace(/"/g, '&quot;')}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head)
    return (
      html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length)
    );
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + meta + html.slice(doctype[0].length);
  return meta + html;
}

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The app's HTML and its `_meta.ui` from a `resources/read` result, or why there is none. */
export function readAppResource(
  result: unknown,
  uri: string,
): { readonly html: string; readonly csp: unknown; readonly permissions: unknown } | string {
  const contents = (result as { contents?: unknown } | null)?.contents;
  if (!Array.isArray(contents)) return 'the server sent no contents';
  const item = (contents as Record<string, unknown>[]).find(
    (entry) =>
      entry &&
      (entry.uri === uri || contents.length === 1) &&
      typeof entry.mimeType === 'string' &&
      APP_MIME.test(entry.mimeType),
  );
  if (!item) return `the server sent no HTML for ${uri}`;
  let html: string;
  try {
    if (typeof item.text === 'string') html = item.text;
    else if (typeof item.blob === 'string') html = decodeBase64(item.blob);
    else return 'the resource holds neither text nor blob';
  } catch {
    return 'its blob is not valid base64';
  }
  const meta = (item._meta as { ui?: { csp?: unknown; permissions?: unknown } } | undefined)?.ui;
  return { html, csp: meta?.csp, permissions: meta?.permissions };
}

/** The `allow` features a resource asks for (`_meta.ui.permissions`), split into those the page allows and the rest. */
export function appPermissions(
  asked: unknown,
  allowed: readonly string[],
): { readonly granted: McpAppPermission[]; readonly refused: McpAppPermission[] } {
  const granted: McpAppPermission[] = [];
  const refused: McpAppPermission[] = [];
  if (!asked || typeof asked !== 'object') return { granted, refused };
  for (const [key, feature] of Object.entries(APP_PERMISSIONS)) {
    if (!Object.hasOwn(asked, key)) continue;
    (allowed.includes(feature) ? granted : refused).push(feature);
  }
  return { granted, refused };
}

/** One app in one frame, from fetching its HTML until it leaves. */
export class McpAppSession {
  private readonly requests = new Set<AbortController>();
  private readonly lifetime = new AbortController();
  private initTimer: ReturnType<typeof setTimeout> | undefined;
  private loads = 0;
  private initialized = false;
  private answeredInitialize = false;
  private ended = false;
  private nextId = 1;

  constructor(private readonly options: McpAppHostOptions) {
    window.addEventListener('message', this.handleMessage);
    options.frame.addEventListener('load', this.handleLoad);
    void this.start();
  }

  /** Tells the app its theme, locale or container changed (after it initialised). */
  contextChanged(): void {
    if (this.answeredInitialize && !this.ended) {
      this.notify('ui/notifications/host-context-changed', this.hostContext());
    }
  }

  /** Sends `ui/resource-teardown` (the part is about to leave), then ends the session. */
  teardown(): void {
    if (this.initialized && !this.ended) {
      this.post({ jsonrpc: '2.0', id: this.nextId++, method: 'ui/resource-teardown', params: {} });
    }
    this.dispose();
  }

  /** Ends the session: its side runs are aborted and nothing more is answered. */
  dispose(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.initTimer);
    this.lifetime.abort();
    for (const request of this.requests) request.abort();
    this.requests.clear();
    window.removeEventListener('message', this.handleMessage);
    this.options.frame.removeEventListener('load', this.handleLoad);
  }

  private async start(): Promise<void> {
    const { app } = this.options;
    let resource: ReturnType<typeof readAppResource>;
    try {
      resource = readAppResource(
        await this.options.request(
          'resources/read',
          { uri: app.resourceUri },
          this.lifetime.signal,
        ),
        app.resourceUri,
      );
    } catch (error) {
      if (!this.ended) this.fail({ code: 'fetch-failed', detail: messageOf(error) });
      return;
    }
    if (this.ended) return;
    if (typeof resource === 'string') return this.fail({ code: 'no-html', detail: resource });
    let value: string;
    try {
      value = srcdocValue(withPolicy(resource.html, appPolicy(resource.csp)));
    } catch (error) {
      return this.fail({ code: 'policy', detail: messageOf(error) });
    }
    // The frame's permissions policy is fixed when its document loads: `allow` goes on before `srcdoc`.
    const { granted, refused } = appPermissions(resource.permissions, this.options.permissions);
    if (granted.length > 0) this.options.frame.setAttribute('allow', granted.join('; '));
    else this.options.frame.removeAttribute('allow');
    if (refused.length > 0) this.options.permissionsRefused(refused);
    this.options.phase('starting');
    this.initTimer = setTimeout(
      () => this.fail({ code: 'timeout', detail: `${INIT_TIMEOUT_MS / 1000} s` }),
      INIT_TIMEOUT_MS,
    );
    this.options.frame.srcdoc = value;
  }

  private fail(problem: McpAppProblem): void {
    if (this.ended) return;
    this.dispose();
    this.options.failed(problem);
  }

  private readonly handleLoad = (): void => {
    // The first load is the app's document; another one means the app navigated itself away from it.
    if (!this.options.frame.srcdoc) return;
    this.loads += 1;
    if (this.loads > 1) this.fail({ code: 'navigated', detail: '' });
  };

  private readonly handleMessage = (event: MessageEvent): void => {
    const frameWindow = this.options.frame.contentWindow;
    if (this.ended || !frameWindow || event.source !== frameWindow) return;
    const message = event.data as JsonRpc | null;
    if (!message || typeof message !== 'object' || message.jsonrpc !== '2.0') return;
    if (typeof message.method !== 'string') return; // an answer to our teardown: nothing waits for it
    if (message.id === undefined || message.id === null) this.handleNotification(message);
    else void this.handleRequest(message.id, message.method, message.params);
  };

  private handleNotification(message: JsonRpc): void {
    const params = (message.params ?? {}) as Record<string, unknown>;
    switch (message.method) {
      case 'ui/notifications/initialized':
        if (this.initialized) return;
        this.initialized = true;
        clearTimeout(this.initTimer);
        this.options.phase('running');
        this.notify('ui/notifications/tool-input', { arguments: this.options.app.toolInput });
        this.notify('ui/notifications/tool-result', this.options.app.result);
        return;
      case 'ui/notifications/size-changed': {
        const height = Number(params.height);
        // CSS caps it at --agui-mcp-app-max-height; past that the app scrolls inside its frame.
        if (Number.isFinite(height) && height > 0) {
          this.options.frame.style.blockSize = `${Math.ceil(height)}px`;
        }
        return;
      }
      case 'notifications/message':
        void this.proxy('notifications/message', params).catch(() => undefined);
        return;
      default:
        return;
    }
  }

  private async handleRequest(id: unknown, method: string, params: unknown): Promise<void> {
    try {
      this.answer(id, await this.resultOf(method, (params ?? {}) as Record<string, unknown>));
    } catch (error) {
      if (this.ended) return;
      const reason = messageOf(error);
      const code = error instanceof RpcError ? error.code : -32000;
      this.post({ jsonrpc: '2.0', id, error: { code, message: reason } });
      this.options.refused({ method, reason });
    }
  }

  private async resultOf(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'ui/initialize':
        this.answeredInitialize = true;
        return {
          protocolVersion: MCP_APPS_PROTOCOL,
          hostInfo: { name: 'agui-elements', version: '0.1.0' },
          hostCapabilities: {
            openLinks: {},
            serverTools: {},
            serverResources: {},
            logging: {},
            message: { text: {} },
          },
          hostContext: this.hostContext(),
        };
      case 'ping':
        return {};
      case 'tools/call':
      case 'resources/read':
        return this.proxy(method, params);
      case 'ui/message': {
        const text = textOf(params.content);
        if (!text) throw new RpcError(-32602, 'The message holds no text.');
        const refusal = this.options.message(text);
        if (refusal) throw new RpcError(-32000, refusal);
        return {};
      }
      case 'ui/open-link': {
        const url = safeLink(params.url);
        if (!url) throw new RpcError(-32602, 'Only http and https links can be opened.');
        return this.options.openLink(url) ? {} : { isError: true };
      }
      case 'ui/request-display-mode': {
        // Full view opens only when the person asks (the chat offers it); the answer is the mode the app has now.
        const mode = params.mode;
        if (mode === 'fullscreen' || mode === 'inline') this.options.displayModeRequested(mode);
        return { mode: this.options.context().displayMode };
      }
      default:
        throw new RpcError(
          -32601,
          PROXIED.has(method) ? `${method} failed.` : `${method} is not offered by this host.`,
        );
    }
  }

  /** A side run for the app: at most MAX_APP_REQUESTS at once, each aborted with the session. */
  private async proxy(method: string, params: unknown): Promise<unknown> {
    if (this.requests.size >= MAX_APP_REQUESTS) {
      throw new RpcError(-32000, `At most ${MAX_APP_REQUESTS} requests may run at once.`);
    }
    const controller = new AbortController();
    this.requests.add(controller);
    try {
      return await this.options.request(method, params, controller.signal);
    } finally {
      this.requests.delete(controller);
    }
  }

  private hostContext() {
    const { theme, locale, width, displayMode, height } = this.options.context();
    const maxHeight =
      height === undefined
        ? parseFloat(getComputedStyle(this.options.frame).maxBlockSize) || undefined
        : undefined;
    return {
      theme,
      locale,
      displayMode,
      availableDisplayModes: ['inline', 'fullscreen'],
      platform: 'web',
      containerDimensions:
        height === undefined ? { width, ...(maxHeight ? { maxHeight } : {}) } : { width, height },
      toolInfo: { tool: { name: this.options.toolName, inputSchema: { type: 'object' } } },
    };
  }

  private notify(method: string, params: unknown): void {
    this.post({ jsonrpc: '2.0', method, params });
  }

  private answer(id: unknown, result: unknown): void {
    if (!this.ended) this.post({ jsonrpc: '2.0', id, result });
  }

  private post(message: unknown): void {
    // An opaque-origin frame: '*' is the only target origin that reaches it; the window itself is the check.
    this.options.frame.contentWindow?.postMessage(message, '*');
  }
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (block): block is { type: 'text'; text: string } =>
        !!block && block.type === 'text' && typeof block.text === 'string',
    )
    .map((block) => block.text)
    .join('\n')
    .trim();
}

function safeLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Starts a session for one frame. */
export function startMcpApp(options: McpAppHostOptions): McpAppSession {
  return new McpAppSession(options);
}
