// <agent-threads>: the saved conversations of a run provider — switch, start a new one, delete one (asked in page).
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isRunOpen } from '../../src/store/reducer.js';
import type { PersistenceView, RunStoreState, SavedThreadSummary } from '../../src/store/types.js';
import { AguiElement } from '../shared/agui-element.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { dateFormatFor, relativeTime } from '../../src/i18n/intl.js';
import { format } from '../shared/strings.js';
import { agentThreadsStyles } from './agent-threads.styles.js';

/** Every visible string of `<agent-threads>`. */
export interface AgentThreadsStrings {
  readonly conversations: string;
  readonly newThread: string;
  readonly untitled: string;
  readonly delete: string;
  readonly deleteNamed: string;
  readonly confirmDelete: string;
  readonly cancel: string;
  readonly empty: string;
  readonly notSaved: string;
  readonly loading: string;
  readonly noStore: string;
}

export const AGENT_THREADS_STRINGS: AgentThreadsStrings = {
  conversations: 'Conversations',
  newThread: 'New thread',
  untitled: 'Untitled conversation',
  delete: 'Delete',
  deleteNamed: 'Delete {title}',
  confirmDelete: 'Delete “{title}” and everything saved with it?',
  cancel: 'Cancel',
  empty: 'No saved conversations yet.',
  notSaved: 'Conversations are not saved on this page.',
  loading: 'Loading saved conversations…',
  noStore: 'Not connected to a run.',
};

interface ThreadsView {
  readonly threadId: string;
  readonly persistence: PersistenceView | null;
  readonly open: boolean;
  readonly empty: boolean;
}

const selectThreads = (state: RunStoreState): ThreadsView => ({
  threadId: state.threadId,
  persistence: state.persistence ?? null,
  open: isRunOpen(state.run),
  empty: state.messages.length === 0,
});

const WEEK = 7 * 24 * 3_600_000;

/** When a thread was saved: relative within a week ("3 hours ago", "hier"), else its date, in the language. */
function savedWhen(savedAt: number, lang: string, now = Date.now()): string {
  return Math.abs(now - savedAt) < WEEK
    ? relativeTime(savedAt, lang, now)
    : dateFormatFor(lang, { dateStyle: 'medium' }).format(savedAt);
}

/**
 * The saved threads of a run provider (`<agent-run persist="session|local">`), newest first, titled by their first
 * message: switch to one (an active run of the thread left behind is cancelled first), start a new thread, or
 * delete one after confirming in the page.
 *
 * @tag agent-threads
 * @csspart base - The wrapper of everything.
 * @csspart list - The list of conversations.
 * @csspart thread - One conversation's button (`aria-current="true"` on the current one).
 * @csspart delete-button - A conversation's Delete button.
 * @csspart confirm - The question before a delete, with Delete and Cancel.
 * @csspart new-thread-button - The New thread button.
 * @cssprop [--agui-threads-gap=var(--agui-space-s)] - Space between the regions.
 * @cssprop [--agui-threads-padding=var(--agui-space-m)] - Padding inside the border.
 * @cssprop [--agui-threads-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-threads-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-threads-radius=var(--agui-radius)] - Corner radius.
 */
export class AgentThreads extends AguiElement {
  static override styles = [hostStyles, buttonStyles, agentThreadsStyles];

  private readonly state = new StoreController(this, selectThreads, { equals: shallowEqual });

  /** The thread whose Delete asks for confirmation. */
  @state() private confirming: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<AgentThreadsStrings> = {};

  private text: AgentThreadsStrings = AGENT_THREADS_STRINGS;

  protected override willUpdate(): void {
    this.text = this.locale.strings('agent-threads', AGENT_THREADS_STRINGS, this.strings);
  }

  private handleSwitch(thread: SavedThreadSummary): void {
    void this.state.store?.switchThread(thread.threadId);
  }

  private handleNewThread(): void {
    this.state.store?.reset();
  }

  private async handleConfirm(thread: SavedThreadSummary): Promise<void> {
    this.confirming = null;
    await this.state.store?.deleteSavedThread(thread.threadId);
    await this.updateComplete;
    this.renderRoot
      .querySelector<HTMLButtonElement>('[part~="thread"], [part~="new-thread-button"]')
      ?.focus();
  }

  private async handleAsk(thread: SavedThreadSummary): Promise<void> {
    this.confirming = thread.threadId;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('.confirm .cancel')?.focus();
  }

  private async handleCancel(thread: SavedThreadSummary): Promise<void> {
    this.confirming = null;
    await this.updateComplete;
    this.renderRoot
      .querySelector<HTMLButtonElement>(`[data-delete="${CSS.escape(thread.threadId)}"]`)
      ?.focus();
  }

  private threadTitle(thread: SavedThreadSummary): string {
    return thread.title || this.text.untitled;
  }

  private renderThread(thread: SavedThreadSummary, current: boolean) {
    const text = this.text;
    const title = this.threadTitle(thread);
    return html`<li>
      <button
        part="thread"
        class="thread"
        type="button"
        aria-current=${current ? 'true' : 'false'}
        @click=${() => this.handleSwitch(thread)}
      >
        <span class="thread-title" dir="auto">${title}</span>
        <time
          class="thread-time"
          datetime=${new Date(thread.savedAt).toISOString()}
          title=${dateFormatFor(this.locale.lang).format(thread.savedAt)}
          >${savedWhen(thread.savedAt, this.locale.lang)}</time
        >
      </button>
      <button
        part="delete-button"
        class="button ghost delete"
        type="button"
        data-delete=${thread.threadId}
        aria-label=${format(text.deleteNamed, { title })}
        @click=${() => this.handleAsk(thread)}
      >
        ${text.delete}
      </button>
      ${
        this.confirming === thread.threadId
          ? html`<p
              part="confirm"
              class="confirm"
              role="group"
              aria-label=${format(text.deleteNamed, { title })}
            >
              <span>${format(text.confirmDelete, { title })}</span>
              <button
                class="button primary"
                type="button"
                @click=${() => this.handleConfirm(thread)}
              >
                ${text.delete}
              </button>
              <button class="button cancel" type="button" @click=${() => this.handleCancel(thread)}>
                ${text.cancel}
              </button>
            </p>`
          : nothing
      }
    </li>`;
  }

  private renderBody(view: ThreadsView) {
    const text = this.text;
    if (!this.state.store) return html`<p class="note">${text.noStore}</p>`;
    const persistence = view.persistence;
    if (!persistence) return html`<p class="note">${text.notSaved}</p>`;
    if (persistence.status === 'loading') return html`<p class="note">${text.loading}</p>`;
    if (persistence.threads.length === 0) return html`<p class="empty">${text.empty}</p>`;
    return html`<ul part="list" aria-label=${text.conversations}>
      ${persistence.threads.map((thread) => this.renderThread(thread, thread.threadId === view.threadId))}
    </ul>`;
  }

  protected override render() {
    const view = this.state.value;
    const text = this.text;
    return html`<nav part="base" class="base" aria-label=${text.conversations}>
      <div class="header">
        <p class="title" aria-hidden="true">${text.conversations}</p>
        <button
          part="new-thread-button"
          class="button"
          type="button"
          ?disabled=${!this.state.store || (view.empty && !view.open)}
          @click=${this.handleNewThread}
        >
          ${text.newThread}
        </button>
      </div>
      ${this.renderBody(view)}
      ${view.persistence?.note ? html`<p class="note" role="status">${view.persistence.note}</p>` : nothing}
    </nav>`;
  }
}
