// <agent-launcher>: the floating chat button and its panel (popover on wide screens, full-screen modal on narrow
// ones), which counts replies while closed and keeps its state across the pages of a site.
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { RunStore } from '../../src/store/run-store.js';
import { FALLBACK_PREFIX, PROVIDER_TAG } from '../../src/tags.js';
import type { AgentChat } from '../agent-chat/agent-chat.js';
import type { AgentRun, AgentRunPersist } from '../agent-run/agent-run.js';
import { requestElement } from '../element-requests.js';
import type { Theme } from '../shared/agui-element.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { LocaleController } from '../shared/locale-controller.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { isRegistered, tagName } from '../tag-registry.js';
import { agentLauncherStyles } from './agent-launcher.styles.js';
import { LauncherCloseEvent, LauncherOpenEvent } from './events.js';
import { lockPageScroll, type ScrollLock } from './scroll-lock.js';
import { readLauncherRecord, writeLauncherRecord } from './launcher-state.js';
import { chatIcon, closeIcon, selectLauncher, type LauncherView } from './launcher-view.js';
import { AGENT_LAUNCHER_STRINGS, formatCount, type AgentLauncherStrings } from './strings.js';

export {
  AGENT_LAUNCHER_STRINGS,
  type AgentLauncherStrings,
  type PluralStrings,
} from './strings.js';

/** Which bottom corner the button sits in; `end` is the right in left-to-right text, the left in right-to-left. */
export type AgentLauncherPosition = 'bottom-end' | 'bottom-start';

/** The panel is the full-screen modal dialog at this width and below. */
const NARROW = '(max-width: 480px)';

/** The attributes a launcher without children hands to the `<agent-run>` it builds. */
const PROVIDER_ATTRIBUTES = [
  'endpoint',
  'persist',
  'persist-key',
  'connect-endpoint',
  'stop-endpoint',
  'disclosure',
] as const;

/** The tag our element of `base` has or will get: `agui-<base>` when another definition holds `base`. */
function ownTag(base: string): string {
  if (isRegistered(base)) return tagName(base);
  return customElements.get(base) ? `${FALLBACK_PREFIX}${base}` : base;
}

/**
 * A round button in a bottom corner of the page that opens a chat panel: a popover anchored to the button on wide
 * screens (the page stays usable), a full-screen modal dialog at 480 px and below (the page's scroll is locked and
 * restored). While the panel is closed the badge counts the replies that finished and says when an approval waits;
 * closing never cancels a run.
 *
 * Wrap what it shows (`<agent-run …><agent-chat></agent-chat></agent-run>`, a chat and `<agent-threads>`…), or
 * leave it empty and it builds its own provider and chat from `endpoint`, `persist`, `persist-key`,
 * `connect-endpoint`, `stop-endpoint`, `disclosure` and `lang`. With the script-tag ES module a closed launcher loads
 * no chat code until it is first opened (or restored open).
 *
 * @tag agent-launcher
 * @slot - What the panel shows: a provider with a chat in it. Leave it empty to have one built.
 * @csspart base - The corner that holds the greeting, the button and its badge.
 * @csspart button - The round Open chat / Close chat button.
 * @csspart badge - The count of new replies, or Needs your answer, while the panel is closed.
 * @csspart greeting - The greeting beside the closed button.
 * @csspart dismiss-button - The greeting's Dismiss greeting button.
 * @csspart panel - The dialog that holds the chat.
 * @csspart header - The full-screen panel's header bar, with Close chat (the chat below it shows its title).
 * @csspart close-button - Close chat in the full-screen panel's header.
 * @cssprop [--agui-launcher-offset=1.25rem] - Distance of the button from the corner (safe-area insets are added).
 * @cssprop [--agui-launcher-button-size=3.5rem] - The button's diameter.
 * @cssprop [--agui-launcher-button-background=var(--agui-color-accent)] - The button's colour.
 * @cssprop [--agui-launcher-button-color=var(--agui-color-accent-text)] - The button's icon colour.
 * @cssprop [--agui-launcher-badge-background=var(--agui-color-danger)] - The badge's colour.
 * @cssprop [--agui-launcher-badge-color=#ffffff] - The badge's text colour.
 * @cssprop [--agui-launcher-panel-width=420px] - The widest the popover panel gets.
 * @cssprop [--agui-launcher-panel-height=680px] - The tallest the popover panel gets.
 * @cssprop [--agui-launcher-panel-background=var(--agui-color-surface)] - The panel's background.
 * @cssprop [--agui-launcher-z-index=1000] - The button's stacking order (the panel is in the top layer).
 * @fires {LauncherOpenEvent} launcher-open - A person is opening the panel; `preventDefault()` keeps it closed. Not fired for `open`, `show()` or `toggle()`.
 * @fires {LauncherCloseEvent} launcher-close - A person is closing the panel (the button, Close chat, Escape); `preventDefault()` keeps it open. Not fired for `open`, `hide()` or `toggle()`.
 */
export class AgentLauncher extends LitElement {
  static override styles = [hostStyles, buttonStyles, agentLauncherStyles];

  /** The launcher's language and direction, from the nearest `lang` and `dir`. */
  private readonly locale = new LocaleController(this);
  private readonly state = new StoreController(this, selectLauncher, {
    equals: shallowEqual,
    onChange: (next, previous) => this.handleRunChange(next, previous),
  });

  @query('#panel') private readonly panel!: HTMLElement | null;
  @query('[part~="button"]') private readonly button!: HTMLButtonElement | null;

  /** Replies that finished while the panel was closed. */
  @state() private unread = 0;
  @state() private greetingDismissed = false;
  /** Whether the viewport is 480 px wide or narrower (the panel is then modal and full-screen). */
  @state() private narrow = false;

  /** Whether the panel is open. Setting it (or `show()`, `hide()`, `toggle()`) fires no event. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** The bottom corner of the button: `bottom-end` (the default) or `bottom-start`, following the text direction. */
  @property() position: AgentLauncherPosition = 'bottom-end';

  /** The panel's accessible name (default: the chat's `strings.title`, "Conversation"). */
  @property() heading: string | null = null;

  /** A line of host text beside the closed button, with Dismiss greeting; never a message, never sent or saved. */
  @property() greeting: string | null = null;

  /** Forces the light or dark theme (on the built chat too); without it the page's `prefers-color-scheme` applies. */
  @property({ reflect: true }) theme: Theme | undefined;

  /** The built provider's AG-UI endpoint (without children). */
  @property() endpoint: string | null = null;

  /**
   * Keeps the launcher's own state (open, greeting dismissed) for the tab in sessionStorage; without children the
   * built provider keeps the conversation too (`session` or `local`, as on `<agent-run>`).
   */
  @property() persist: AgentRunPersist | null = null;

  /** Names the saved launcher state (`agui-elements.launcher.<persist-key>`) and the built provider's threads. */
  @property({ attribute: 'persist-key' }) persistKey: string | null = null;

  /** The built provider's reattach endpoint (see `<agent-run connect-endpoint>`). */
  @property({ attribute: 'connect-endpoint' }) connectEndpoint: string | null = null;

  /** The built provider's stop endpoint (see `<agent-run stop-endpoint>`). */
  @property({ attribute: 'stop-endpoint' }) stopEndpoint: string | null = null;

  /** The built provider's disclosure sentence (see `<agent-run disclosure>`). */
  @property() disclosure: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<AgentLauncherStrings> = {};

  private text: AgentLauncherStrings = AGENT_LAUNCHER_STRINGS;
  private built: { readonly run: AgentRun; readonly chat: AgentChat } | null = null;
  private media: MediaQueryList | null = null;
  /** Whether the panel is in the top layer now, and how. */
  private shown: 'modal' | 'popover' | null = null;
  /** What the next opening or closing does with focus. */
  private focusOnOpen = false;
  private focusOnClose = false;
  private scrollLock: ScrollLock | null = null;

  /** The provider the panel shows: the `<agent-run>` inside, the built one when there were no children. */
  get provider(): AgentRun | null {
    return (
      this.built?.run ??
      this.querySelector<AgentRun>(`${PROVIDER_TAG},${FALLBACK_PREFIX}${PROVIDER_TAG}`)
    );
  }

  /** The chat the panel shows (the built one exists before it is first opened, so its properties can be set). */
  get chat(): AgentChat | null {
    return this.built?.chat ?? this.querySelector<AgentChat>('agent-chat,agui-agent-chat');
  }

  /** @internal The provider's store, for the badge (read by the StoreController). */
  get store(): RunStore | null {
    const provider = this.provider as (Element & { store?: RunStore }) | null;
    return provider?.store ?? null;
  }

  override connectedCallback(): void {
    // Without children it builds its own provider and chat.
    if (!this.built && this.children.length === 0) this.build();
    super.connectedCallback();
    this.media = typeof matchMedia === 'function' ? matchMedia(NARROW) : null;
    this.media?.addEventListener('change', this.handleMedia);
    this.narrow = this.media?.matches ?? false;
    this.addEventListener('keydown', this.handleKeydown);
    if (!this.hasUpdated) this.restore();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.media?.removeEventListener('change', this.handleMedia);
    this.removeEventListener('keydown', this.handleKeydown);
    this.hidePanel();
  }

  protected override willUpdate(changed: PropertyValues): void {
    this.text = this.locale.strings('agent-launcher', AGENT_LAUNCHER_STRINGS, this.strings);
    if (this.built) this.configureBuilt(this.built.run, this.built.chat);
    if (changed.has('open') && this.open) {
      this.unread = 0;
      this.greetingDismissed ||= this.focusOnOpen;
    }
    // A viewport that crosses 480 px changes how the panel is shown: out of the top layer before the popover
    // attribute changes, back in after.
    if (changed.has('narrow') && this.shown) this.hidePanel();
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('open') || changed.has('narrow')) void this.syncPanel();
    if (changed.has('open') && changed.get('open') !== undefined) this.save();
  }

  /** Opens the panel and moves focus to the composer; fires nothing. */
  show(): void {
    if (!this.open) this.focusOnOpen = true;
    this.open = true;
  }

  /** Closes the panel (focus inside it goes back to the button); fires nothing. */
  hide(): void {
    this.open = false;
  }

  /** Opens the panel when closed, closes it when open; fires nothing. */
  toggle(): void {
    if (this.open) this.hide();
    else this.show();
  }

  private readonly handleMedia = (event: MediaQueryListEvent): void => {
    this.narrow = event.matches;
  };

  private readonly handleKeydown = (event: KeyboardEvent): void => {
    // The chat's own Escapes (cancel editing, stop dictation, close an image) call preventDefault().
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || !this.open) return;
    event.preventDefault();
    this.requestClose();
  };

  private handleButton(): void {
    if (this.open) this.requestClose();
    else this.requestOpen();
  }

  private handleDismiss(): void {
    this.greetingDismissed = true;
    this.save();
    // The dismissed greeting took its button along: focus goes where a person expects it, to the launcher.
    this.button?.focus();
  }

  private handleCancel(event: Event): void {
    // Escape is handled on keydown, where a chat that used it has said so.
    event.preventDefault();
  }

  private handlePanelClose(): void {
    // The browser closed the modal dialog itself (a repeated close request): follow it.
    if (this.shown !== 'modal') return;
    this.shown = null;
    this.scrollLock?.release();
    this.scrollLock = null;
    this.open = false;
    this.button?.focus();
  }

  private requestOpen(): void {
    const event = new LauncherOpenEvent({ modal: this.narrow });
    if (!this.dispatchEvent(event)) return;
    this.show();
  }

  private requestClose(): void {
    const event = new LauncherCloseEvent({ modal: this.narrow });
    if (!this.dispatchEvent(event)) return;
    this.focusOnClose = true;
    this.hide();
  }

  private handleRunChange(next: LauncherView, previous: LauncherView): void {
    // A reply finished while nobody could see it (a restored history is no new reply: its run did not end here).
    if (this.open || !previous.streaming || next.streaming || next.run !== previous.run) return;
    if (next.status === 'Completed' && next.replied) this.unread += 1;
  }

  /** The provider and chat of a launcher without children; the chat joins the page on first open. */
  private build(): void {
    const run = document.createElement(ownTag(PROVIDER_TAG)) as AgentRun;
    const chat = document.createElement(ownTag('agent-chat')) as AgentChat;
    this.configureBuilt(run, chat);
    this.built = { run, chat };
    this.append(run);
  }

  private configureBuilt(run: Element, chat: Element): void {
    for (const name of PROVIDER_ATTRIBUTES) {
      const value = this.getAttribute(name);
      if (value === null) run.removeAttribute(name);
      else run.setAttribute(name, value);
    }
    if (this.theme) chat.setAttribute('theme', this.theme);
    else chat.removeAttribute('theme');
  }

  /** The saved state of a launcher with `persist`; a panel restored open takes no focus, and none at 480 px. */
  private restore(): void {
    if (!this.persist) return;
    const record = readLauncherRecord(this.storageKey());
    if (!record) return;
    this.greetingDismissed = record.greetingDismissed;
    this.open = record.open && !this.narrow;
    if (record.open && this.narrow) this.save();
  }

  private storageKey(): string {
    return this.persistKey ?? (this.id || this.endpoint || '');
  }

  private save(): void {
    if (!this.persist) return;
    writeLauncherRecord(this.storageKey(), {
      open: this.open,
      greetingDismissed: this.greetingDismissed,
    });
  }

  /** Loads what the panel shows (the ES module defers elements inside a closed launcher) and puts the chat in. */
  private async loadContents(): Promise<void> {
    const chat = this.built?.chat;
    if (chat && !chat.isConnected) {
      await this.request(chat.localName);
      this.built?.run.append(chat);
    }
    await Promise.all(
      [...this.querySelectorAll(':not(:defined)')].map((element) =>
        this.request(element.localName),
      ),
    );
  }

  private async request(tag: string): Promise<void> {
    const base = tag.startsWith(FALLBACK_PREFIX) ? tag.slice(FALLBACK_PREFIX.length) : tag;
    try {
      await requestElement(base);
    } catch (error) {
      // As the ES module reports a chunk it cannot load: the panel would stay blank without a word.
      console.error(`agui-elements: could not load <${base}>`, error);
    }
  }

  /** Puts the panel in the top layer or takes it out, as `open` and the viewport say. */
  private async syncPanel(): Promise<void> {
    if (!this.open) {
      const hadFocus =
        this.panel?.matches(':focus-within') || this.contains(document.activeElement);
      this.hidePanel();
      if (this.focusOnClose || hadFocus) this.button?.focus();
      this.focusOnClose = false;
      return;
    }
    const focus = this.focusOnOpen;
    this.focusOnOpen = false;
    this.showPanel();
    await this.loadContents();
    if (focus && this.open) await this.focusComposer();
  }

  private showPanel(): void {
    const panel = this.panel;
    if (!panel || this.shown) return;
    if (this.narrow) {
      this.scrollLock = lockPageScroll();
      (panel as HTMLDialogElement).showModal();
      this.shown = 'modal';
    } else {
      panel.showPopover();
      this.shown = 'popover';
    }
  }

  private hidePanel(): void {
    const panel = this.panel;
    const shown = this.shown;
    this.shown = null;
    if (!panel || !shown) return;
    if (shown === 'modal') {
      (panel as HTMLDialogElement).close();
      this.scrollLock?.release();
      this.scrollLock = null;
    } else if (panel.matches(':popover-open')) {
      panel.hidePopover();
    }
  }

  private async focusComposer(): Promise<void> {
    const chat = this.chat;
    if (chat) {
      await customElements.whenDefined(chat.localName);
      await chat.updateComplete;
      const input = chat.shadowRoot?.querySelector<HTMLElement>('[part~="input"]');
      if (input && this.open) return input.focus();
    }
    this.panel?.focus();
  }

  private headingText(): string {
    const chat = this.chat as (Element & { strings?: { title?: string } }) | null;
    return this.heading ?? chat?.strings?.title ?? this.text.heading;
  }

  private badgeLabel(): string | null {
    if (this.open) return null;
    if (this.state.value.status === 'Needs approval') return this.text.needsAnswer;
    if (this.unread === 0) return null;
    return formatCount(this.text.newReplies, this.unread, this.locale.lang);
  }

  private renderCorner() {
    const text = this.text;
    const badge = this.badgeLabel();
    const greeting =
      this.greeting && !this.greetingDismissed && !this.open
        ? html`<div part="greeting" class="greeting">
            <span>${this.greeting}</span>
            <button
              part="dismiss-button"
              class="icon"
              type="button"
              aria-label=${text.dismissGreeting}
              @click=${this.handleDismiss}
            >
              ${closeIcon}
            </button>
          </div>`
        : nothing;
    return html`<div part="base" class="base">
      ${greeting}
      <div class="anchor">
        <button
          part="button"
          class="launcher-button"
          type="button"
          aria-haspopup="dialog"
          aria-controls="panel"
          aria-describedby=${badge ? 'badge' : nothing}
          @click=${this.handleButton}
        >
          ${this.open ? closeIcon : chatIcon}
          <span class="visually-hidden">${this.open ? text.closeChat : text.openChat}</span>
        </button>
        ${
          badge
            ? html`<span part="badge" id="badge" class="badge" role="img" aria-label=${badge}
                >${this.unread > 0 && badge !== text.needsAnswer ? this.unread : '!'}</span
              >`
            : nothing
        }
      </div>
      <span class="visually-hidden" role="status">${badge ?? ''}</span>
    </div>`;
  }

  protected override render() {
    const text = this.text;
    const heading = this.headingText();
    const header = this.narrow
      ? html`<div part="header" class="header">
          <button part="close-button" class="icon" type="button" @click=${this.requestClose}>
            ${closeIcon}<span class="visually-hidden">${text.closeChat}</span>
          </button>
        </div>`
      : nothing;
    const body = html`${header}
      <div class="body"><slot></slot></div>`;
    // A popover <dialog> would run the dialog focusing steps on showPopover(): a panel restored open must take no
    // focus, so the non-modal panel is a plain element with the dialog role.
    const panel = this.narrow
      ? html`<dialog
          id="panel"
          part="panel"
          class="panel modal"
          aria-label=${heading}
          tabindex="-1"
          @cancel=${this.handleCancel}
          @close=${this.handlePanelClose}
        >
          ${body}
        </dialog>`
      : html`<div
          id="panel"
          part="panel"
          class="panel"
          role="dialog"
          aria-label=${heading}
          popover="manual"
          tabindex="-1"
        >
          ${body}
        </div>`;
    return html`${this.renderCorner()}${panel}`;
  }
}
