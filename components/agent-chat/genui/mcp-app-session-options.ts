// What the chat lends an MCP App's session, and what the session tells it back (its phase, a problem, a refused
// request): the contract between components/agent-chat/genui/chat-mcp-apps.ts and the host part.
import type { McpAppContent } from '../../../src/genui/mcp-apps/content.js';
import type { McpAppDisplayMode, McpAppPermission } from './mcp-app-policy.js';

/** Why a session stopped, or a request it refused: the chat says each in words. */
export type McpAppProblem =
  | { readonly code: 'fetch-failed'; readonly detail: string }
  | { readonly code: 'no-html'; readonly detail: string }
  | { readonly code: 'policy'; readonly detail: string }
  | { readonly code: 'timeout'; readonly detail: string }
  | { readonly code: 'sandbox'; readonly detail: string }
  | { readonly code: 'sandbox-origin'; readonly detail: string }
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
  /**
   * The sandbox proxy's URL as the page wrote it (`mcp-apps-sandbox`, on another origin), or null: then the app runs
   * in an opaque-origin `srcdoc` frame of this page.
   */
  readonly sandbox: string | null;
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
