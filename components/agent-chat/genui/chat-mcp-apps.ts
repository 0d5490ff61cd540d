// The chat's side of MCP Apps: the part in the assistant turn (its title, loading state and errors in words), the
// frame each app runs in, and the host part asked for with the first `mcp-apps` activity (never before). An app's
// requests go through the store's side runs; its messages become the person's turn; its links go through the
// cancelable `mcp-open-link`. A frame that leaves the DOM ends its session (teardown, side runs aborted).
import { html, nothing, type TemplateResult } from 'lit';
import {
  MCP_APPS_ACTIVITY_TYPE,
  readMcpAppContent,
  type McpAppContent,
} from '../../../src/genui/mcp-apps/content.js';
import type { ChatMessage } from '../../../src/store/types.js';
import type { RunStore } from '../../../src/store/run-store.js';
import { loadPart, type PartModule } from '../../parts/load-part.js';
import { renderPartFailure } from '../../shared/part-failure.js';
import { format } from '../../shared/strings.js';
import { McpOpenLinkEvent } from '../events.js';
import type { AgentChatStrings } from '../strings.js';
import { appFrame, listOf, newFrame, titleOf } from './mcp-app-frames.js';

type Host = PartModule<'mcpApps'>;
type Session = InstanceType<Host['McpAppSession']>;
type Problem = Parameters<Parameters<Host['startMcpApp']>[0]['failed']>[0];

/** What the chat lends this controller. */
export interface ChatMcpAppsHost {
  readonly element: HTMLElement & { theme?: string | undefined };
  store(): RunStore | null;
  text(): AgentChatStrings;
  /** The page's allow-list of app permissions (`.mcpAppPermissions`). */
  permissions(): readonly string[];
  /** The sandbox proxy's URL as the page wrote it (`mcp-apps-sandbox`), or null. */
  sandbox(): string | null;
  announce(text: string): void;
  changed(): void;
}

export const isMcpAppActivity = (message: ChatMessage) =>
  message.role === 'activity' && message.activityType === MCP_APPS_ACTIVITY_TYPE;

/** One app's frame and what it showed. */
interface AppEntry {
  frame: HTMLIFrameElement;
  /** The dialog the frame lives in: open in place in the turn, or modal over the page in full view. */
  view: HTMLDialogElement;
  /** The app asked for full view: Open in full view is offered. */
  fullViewOffered: boolean;
  displayMode: 'inline' | 'fullscreen';
  session: Session | null;
  phase: 'loading' | 'starting' | 'running';
  problem: Problem | null;
  notes: string[];
  readonly app: McpAppContent;
  readonly title: string;
  readonly tool: string;
  /** Restored with the thread: nothing loads until Load app is pressed. */
  held: boolean;
}

/** The tool whose result the app shows: the last call before the activity (the activity names none). */
function toolBefore(messages: readonly ChatMessage[], id: string): string {
  const index = messages.findIndex((message) => message.id === id);
  for (let at = index - 1; at >= 0; at -= 1) {
    const calls = messages[at]!.parts.filter((part) => part.kind === 'tool-call');
    if (calls.length > 0) return calls[calls.length - 1]!.name;
  }
  return 'app';
}

export class ChatMcpApps {
  private module: Host | null = null;
  private failure: unknown = null;
  private readonly entries = new Map<string, AppEntry>();
  /** Each app message seen, and whether it arrived live (else it was restored and waits to be asked for). */
  private readonly seen = new Map<string, boolean>();
  private readonly dark = matchMedia('(prefers-color-scheme: dark)');

  constructor(private readonly host: ChatMcpAppsHost) {
    this.dark.addEventListener('change', () => this.contextChanged());
  }

  /**
   * Notes which apps arrived in a run of this page (they start at once), and asks for the host part with the first of
   * them. An app restored with a thread (a run the store says came from storage) waits for its Load app button: it
   * fetches nothing before. A chat shown after the run that brought an app (a launcher opened later) still starts it.
   */
  follow({
    messages,
    restoredThrough,
  }: {
    messages: readonly ChatMessage[];
    restoredThrough: number;
  }): void {
    // Apps of messages no longer shown (New thread, another thread) are forgotten.
    if (this.seen.size > 0) {
      const ids = new Set(messages.map((message) => message.id));
      for (const id of this.seen.keys()) if (!ids.has(id)) this.seen.delete(id);
      for (const id of this.entries.keys()) if (!ids.has(id)) this.entries.delete(id);
    }
    for (const message of messages) {
      if (isMcpAppActivity(message) && !this.seen.has(message.id)) {
        const live = message.run > restoredThrough;
        this.seen.set(message.id, live);
        if (live) this.load();
      }
    }
  }

  private load(): void {
    if (this.module || this.failure !== null) return;
    this.failure = false;
    loadPart('mcpApps').then(
      (module) => {
        this.module = module;
        this.host.changed();
      },
      (error: unknown) => {
        this.failure = error;
        this.host.changed();
      },
    );
  }

  /** The theme, locale or size changed: every running app hears of it. */
  contextChanged(): void {
    for (const entry of this.entries.values()) entry.session?.contextChanged();
  }

  render(message: ChatMessage, messages: readonly ChatMessage[]): TemplateResult {
    const text = this.host.text();
    const read = readMcpAppContent(message.activityContent);
    if (!read.ok) {
      return html`<p class="mcp-app-note" role="status">
        ${format(text.mcpAppInvalid, { reason: read.reason })}
      </p>`;
    }
    let entry = this.entries.get(message.id);
    if (!entry) {
      const tool = toolBefore(messages, message.id);
      const frame = newFrame();
      entry = {
        frame,
        view: this.newView(frame),
        fullViewOffered: false,
        displayMode: 'inline',
        session: null,
        phase: 'loading',
        problem: null,
        notes: [],
        app: read.app,
        tool,
        title: titleOf(tool),
        held: this.seen.get(message.id) !== true,
      };
      this.entries.set(message.id, entry);
    }
    entry.frame.title = entry.title;
    this.labelView(entry, text);
    const current = entry;
    const status = entry.held
      ? html`<p class="mcp-app-note">${text.mcpAppHeld}</p>
          <button
            class="button"
            part="mcp-app-load"
            type="button"
            @click=${() => this.release(entry)}
          >
            ${text.mcpAppLoad}
          </button>`
      : this.failure && this.failure !== false
        ? renderPartFailure(text.mcpAppHost, this.failure, text.partUnavailable)
        : entry.problem
          ? html`<p class="mcp-app-error" role="alert">${this.problemText(entry.problem, text)}</p>`
          : entry.phase !== 'running'
            ? html`<p class="mcp-app-note" role="status">${text.mcpAppLoading}</p>`
            : nothing;
    return html`<section
      class="mcp-app"
      part="mcp-app"
      data-message-id=${message.id}
      tabindex="-1"
      aria-label=${format(text.mcpAppLabel, { title: entry.title })}
    >
      <h3 class="mcp-app-title">${entry.title}</h3>
      ${status} ${entry.held || entry.problem || !this.module ? nothing : appFrame(this, entry)}
      ${
        entry.fullViewOffered && !entry.problem && !entry.held
          ? html`<button
              class="button mcp-app-full-view"
              part="mcp-app-full-view"
              type="button"
              @click=${() => this.openFullView(current)}
            >
              ${text.mcpAppOpenFullView}
            </button>`
          : nothing
      }
      ${entry.notes.map((note) => html`<p class="mcp-app-note" role="status">${note}</p>`)}
    </section>`;
  }

  /** A dialog that holds the frame: shown in place (non-modal) until full view makes it modal, frame untouched. */
  private newView(frame: HTMLIFrameElement): HTMLDialogElement {
    const view = document.createElement('dialog');
    view.className = 'mcp-app-view';
    view.setAttribute('part', 'mcp-app-view');
    const bar = document.createElement('div');
    bar.className = 'mcp-app-view-bar';
    const heading = document.createElement('h2');
    heading.className = 'mcp-app-view-title';
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'button mcp-app-close-full-view';
    close.setAttribute('part', 'mcp-app-close-full-view');
    bar.append(heading, close);
    view.append(bar, frame);
    // Open in place from the start: moving a frame in the DOM would reload its app, so the dialog never moves.
    view.setAttribute('open', '');
    view.addEventListener('cancel', (event) => {
      event.preventDefault();
      this.closeFullView(this.entryOf(view));
    });
    close.addEventListener('click', () => this.closeFullView(this.entryOf(view)));
    return view;
  }

  private entryOf(view: HTMLDialogElement): AppEntry | undefined {
    for (const entry of this.entries.values()) if (entry.view === view) return entry;
    return undefined;
  }

  private labelView(entry: AppEntry, text: AgentChatStrings): void {
    const heading = entry.view.querySelector('.mcp-app-view-title');
    const close = entry.view.querySelector('.mcp-app-close-full-view');
    if (heading && heading.textContent !== entry.title) heading.textContent = entry.title;
    if (close && close.textContent !== text.mcpAppCloseFullView)
      close.textContent = text.mcpAppCloseFullView;
    entry.view.setAttribute('aria-label', entry.title);
  }

  /** Full view: the app's dialog becomes modal over the page (the person asked), and the app hears of it. */
  private openFullView(entry: AppEntry): void {
    if (entry.displayMode === 'fullscreen' || !entry.view.isConnected) return;
    entry.view.close();
    entry.view.showModal();
    entry.displayMode = 'fullscreen';
    entry.view.querySelector<HTMLElement>('.mcp-app-close-full-view')?.focus();
    entry.session?.contextChanged();
  }

  /** Back in place (Escape, Close full view, or the app asked): focus returns to Open in full view. */
  private closeFullView(entry: AppEntry | undefined): void {
    if (!entry || entry.displayMode !== 'fullscreen') return;
    entry.view.close();
    entry.view.show();
    entry.displayMode = 'inline';
    entry.session?.contextChanged();
    entry.view.closest('.mcp-app')?.querySelector<HTMLElement>('.mcp-app-full-view')?.focus();
  }

  private release(entry: AppEntry): void {
    entry.held = false;
    this.load();
    this.host.changed();
  }

  /** The frame entered the DOM: its session starts (again, in a fresh frame, after it had left). */
  attach(entry: AppEntry): void {
    const module = this.module;
    const store = this.host.store();
    if (!module || !store || entry.session || entry.problem) return;
    const { app } = entry;
    entry.session = module.startMcpApp({
      frame: entry.frame,
      app,
      toolName: entry.tool,
      sandbox: this.host.sandbox(),
      permissions: this.host.permissions(),
      permissionsRefused: (names) => {
        const text = this.host.text();
        const words = {
          camera: text.mcpAppPermissionCamera,
          microphone: text.mcpAppPermissionMicrophone,
          geolocation: text.mcpAppPermissionGeolocation,
          'clipboard-write': text.mcpAppPermissionClipboard,
        };
        const list = listOf(
          names.map((name) => words[name]),
          this.host.element.closest('[lang]')?.getAttribute('lang') || 'en',
        );
        entry.notes = [
          ...entry.notes.slice(-2),
          format(text.mcpAppPermissionsRefused, { permissions: list }),
        ];
        this.host.changed();
      },
      displayModeRequested: (mode) => {
        if (mode === 'inline') return this.closeFullView(entry);
        if (entry.fullViewOffered) return;
        entry.fullViewOffered = true;
        this.host.changed();
      },
      request: (method, params, signal) =>
        store.sideRun(
          {
            __proxiedMCPRequest: {
              serverHash: app.serverHash,
              ...(app.serverId ? { serverId: app.serverId } : {}),
              method,
              params,
            },
          },
          signal,
        ),
      message: (words) => {
        const why = store.sendFromApp(words);
        return why === null
          ? null
          : this.host.text()[why === 'bound' ? 'mcpAppBound' : 'mcpAppBusy'];
      },
      openLink: (url) => {
        const event = new McpOpenLinkEvent({ url, title: entry.title });
        this.host.element.dispatchEvent(event);
        if (event.defaultPrevented) return false;
        window.open(url, '_blank', 'noopener,noreferrer');
        return true;
      },
      context: () => ({
        theme:
          this.host.element.theme === 'dark' ||
          (this.host.element.theme !== 'light' && this.dark.matches)
            ? 'dark'
            : 'light',
        locale: this.host.element.closest('[lang]')?.getAttribute('lang') || navigator.language,
        width: entry.frame.clientWidth,
        displayMode: entry.displayMode,
        ...(entry.displayMode === 'fullscreen' ? { height: entry.frame.clientHeight } : {}),
      }),
      phase: (phase) => {
        entry.phase = phase;
        if (phase === 'running')
          this.host.announce(format(this.host.text().mcpAppReady, { title: entry.title }));
        this.host.changed();
      },
      failed: (problem) => {
        entry.problem = problem;
        entry.session = null;
        this.host.changed();
      },
      refused: ({ method, reason }) => {
        entry.notes = [
          ...entry.notes.slice(-2),
          format(this.host.text().mcpAppRefused, { method, reason }),
        ];
        this.host.changed();
      },
    });
  }

  /** The frame left the DOM: the app hears `ui/resource-teardown`, and the next showing gets a fresh frame. */
  detach(entry: AppEntry): void {
    entry.session?.teardown();
    entry.session = null;
    entry.phase = 'loading';
    if (entry.view.open) entry.view.close();
    entry.displayMode = 'inline';
    entry.fullViewOffered = false;
    entry.frame = newFrame(entry.title);
    entry.view = this.newView(entry.frame);
    this.labelView(entry, this.host.text());
  }

  /** Every app leaves (the chat left the page or its store changed). */
  dispose(): void {
    for (const entry of this.entries.values()) entry.session?.teardown();
    this.entries.clear();
  }

  private problemText(problem: Problem, text: AgentChatStrings): string {
    const key = (
      {
        'fetch-failed': 'mcpAppFetchFailed',
        'no-html': 'mcpAppNoHtml',
        policy: 'mcpAppPolicy',
        timeout: 'mcpAppTimeout',
        sandbox: 'mcpAppSandbox',
        'sandbox-origin': 'mcpAppSandboxOrigin',
        navigated: 'mcpAppNavigated',
      } as const
    )[problem.code];
    return format(text[key], { reason: problem.detail });
  }
}
