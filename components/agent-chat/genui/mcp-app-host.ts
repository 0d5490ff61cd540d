// The MCP Apps host (a lazy part, loaded with the first `mcp-apps` activity): one session per app frame. It fetches
// the app's HTML with a side run, gives it to an opaque-origin frame (`sandbox="allow-scripts"`, never
// `allow-same-origin`) under a CSP built from the resource's `_meta.ui.csp`, and speaks the host side of the MCP Apps
// protocol (2026-01-26) over postMessage JSON-RPC with that frame's window only. Plain DOM: nothing borrowed.
import { APP_PERMISSIONS, appPermissions, appPolicy, withPolicy } from './mcp-app-policy.js';
import { readAppResource, safeLink, sandboxUrl, textOf } from './mcp-app-input.js';
import type { McpAppHostOptions, McpAppProblem } from './mcp-app-session-options.js';

export { APP_PERMISSIONS, appPermissions, appPolicy, withPolicy } from './mcp-app-policy.js';
export type { McpAppDisplayMode, McpAppPermission } from './mcp-app-policy.js';
export type * from './mcp-app-session-options.js';

/** The protocol version this host speaks. */
export const MCP_APPS_PROTOCOL = '2026-01-26';
/** How long an app has to send `ui/notifications/initialized`. */
export const INIT_TIMEOUT_MS = 10_000;
/** Side runs one app may have under way at once. */
export const MAX_APP_REQUESTS = 4;
/** The Trusted Types policy that the app's HTML, and only it, goes through. */
export const MCP_APPS_POLICY = 'agui-elements-mcp-apps';

/** What the middleware proxies to the MCP server for an app. */
const PROXIED = new Set(['tools/call', 'resources/read', 'notifications/message', 'ping']);

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
  /** The resource, kept until the sandbox proxy says it is ready for it. */
  private pending: { html: string; csp: unknown; permissions: Record<string, object> } | null =
    null;
  private proxyReady = false;
  /** The proxy's URL; `refusedSandbox` holds what the page wrote when that is no URL of another origin. */
  private readonly sandbox: URL | null;
  private readonly refusedSandbox: string | null;

  constructor(private readonly options: McpAppHostOptions) {
    const sandbox = sandboxUrl(options.sandbox);
    this.sandbox = sandbox instanceof URL ? sandbox : null;
    this.refusedSandbox = typeof sandbox === 'string' ? sandbox : null;
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
    if (this.refusedSandbox !== null) {
      return this.fail({ code: 'sandbox-origin', detail: this.refusedSandbox });
    }
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
    const { frame } = this.options;
    const { sandbox } = this;
    // The frame's permissions policy is fixed when its document loads: `allow` goes on before `src`/`srcdoc`.
    const { granted, refused } = appPermissions(resource.permissions, this.options.permissions);
    if (granted.length > 0) frame.setAttribute('allow', granted.join('; '));
    else frame.removeAttribute('allow');
    let value = '';
    if (!sandbox) {
      try {
        value = srcdocValue(withPolicy(resource.html, appPolicy(resource.csp)));
      } catch (error) {
        return this.fail({ code: 'policy', detail: messageOf(error) });
      }
    }
    if (refused.length > 0) this.options.permissionsRefused(refused);
    this.options.phase('starting');
    this.initTimer = setTimeout(
      () =>
        sandbox && !this.proxyReady
          ? this.fail({ code: 'sandbox', detail: sandbox.href })
          : this.fail({ code: 'timeout', detail: `${INIT_TIMEOUT_MS / 1000} s` }),
      INIT_TIMEOUT_MS,
    );
    if (!sandbox) {
      frame.srcdoc = value;
      return;
    }
    // The proxy is its own origin (another one than this page's): it needs that origin to check who its parent is.
    this.pending = {
      html: resource.html,
      csp: resource.csp,
      permissions: Object.fromEntries(
        Object.entries(APP_PERMISSIONS)
          .filter(([, feature]) => granted.includes(feature))
          .map(([key]) => [key, {}]),
      ),
    };
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    frame.src = sandbox.href;
  }

  private fail(problem: McpAppProblem): void {
    if (this.ended) return;
    this.dispose();
    this.options.failed(problem);
  }

  private readonly handleLoad = (): void => {
    // The first load is the app's document (or the proxy's); another one means it navigated itself away from it.
    if (!this.options.frame.srcdoc && !this.options.frame.getAttribute('src')) return;
    this.loads += 1;
    if (this.loads > 1) this.fail({ code: 'navigated', detail: '' });
  };

  private readonly handleMessage = (event: MessageEvent): void => {
    const frameWindow = this.options.frame.contentWindow;
    if (this.ended || !frameWindow || event.source !== frameWindow) return;
    const { sandbox } = this;
    if (sandbox && event.origin !== sandbox.origin) return;
    const message = event.data as JsonRpc | null;
    if (!message || typeof message !== 'object' || message.jsonrpc !== '2.0') return;
    if (sandbox && message.method === 'ui/notifications/sandbox-proxy-ready') {
      if (this.pending && !this.proxyReady) {
        this.proxyReady = true;
        const { html, csp, permissions } = this.pending;
        this.pending = null;
        this.notify('ui/notifications/sandbox-resource-ready', {
          html,
          sandbox: 'allow-scripts',
          csp: csp ?? {},
          permissions,
        });
      }
      return;
    }
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
    // The proxy by its origin; an opaque-origin frame: '*' is the only target that reaches it, the window the check.
    this.options.frame.contentWindow?.postMessage(message, this.sandbox?.origin ?? '*');
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

/** Starts a session for one frame. */
export function startMcpApp(options: McpAppHostOptions): McpAppSession {
  return new McpAppSession(options);
}
