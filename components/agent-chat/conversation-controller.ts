// ConversationController: Edit in place (the only draft it keeps), version switching and feedback for <agent-chat>.
// What a person decides goes to the store; the editor's text and focus stay here.
import type { LitElement, ReactiveController } from 'lit';
import { versionNavigation, type VersionNavigation } from '../../src/store/branches.js';
import { serverIdOf } from '../../src/store/ids.js';
import type { RunStore } from '../../src/store/run-store.js';
import type { ChatMessage, FeedbackValue, MessageFeedback } from '../../src/store/types.js';
import type { ChatView } from './chat-context.js';
import { MessageSendEvent } from './events.js';
import { MessageFeedbackEvent } from './feedback-event.js';
import { messageText } from './transcript-text.js';

/** What the render modules read and call for Edit, versions and feedback. */
export interface ConversationContext {
  /** The id of the message open in the editor, or null. */
  readonly editing: string | null;
  readonly editDraft: string;
  /** Version navigation by the id of the message that shows it. */
  readonly versions: ReadonlyMap<string, VersionNavigation>;
  onEdit(message: ChatMessage): void;
  onEditInput(event: Event): void;
  onEditKeydown(event: KeyboardEvent): void;
  onSaveEdit(event: Event): void;
  onCancelEdit(): void;
  onVersion(navigation: VersionNavigation, index: number): void;
  onFeedback(message: ChatMessage, value: FeedbackValue): void;
  onFeedbackComment(message: ChatMessage, event: Event): void;
}

export interface ConversationHost {
  store(): RunStore | null;
  view(): ChatView;
  /** After Save and send: follow the new answer and focus the composer. */
  sent(): void;
}

/** After the next render, focuses the first element that one of the selectors finds, trying them in order. */
function focusLater(host: LitElement, ...selectors: string[]): void {
  void host.updateComplete.then(() => {
    for (const selector of selectors) {
      const found = host.renderRoot.querySelector<HTMLElement>(selector);
      if (found) return found.focus();
    }
  });
}

export class ConversationController implements ReactiveController {
  /** The id of the message open in the editor. */
  editing: string | null = null;
  private draft = '';

  constructor(
    private readonly host: LitElement,
    private readonly options: ConversationHost,
  ) {
    host.addController(this);
  }

  /** The edited message left the conversation (a new thread, another version): the editor closes. */
  hostUpdate(): void {
    const { messages } = this.options.view();
    if (this.editing && !messages.some((message) => message.id === this.editing)) {
      this.editing = null;
    }
  }

  context(view: ChatView): ConversationContext {
    return {
      editing: this.editing,
      editDraft: this.draft,
      versions: versionNavigation(view.messages, view.branches),
      onEdit: (message) => this.handleEdit(message),
      onEditInput: (event) => {
        this.draft = (event.target as HTMLTextAreaElement).value;
      },
      onEditKeydown: (event) => this.handleEditKeydown(event),
      onSaveEdit: (event) => this.handleSave(event),
      onCancelEdit: () => this.handleCancel(),
      onVersion: (navigation, index) => this.handleVersion(navigation, index),
      onFeedback: (message, value) => this.handleFeedback(message, value),
      onFeedbackComment: (message, event) => this.handleComment(message, event),
    };
  }

  private handleEdit(message: ChatMessage): void {
    this.editing = message.id;
    this.draft = messageText(message);
    this.host.requestUpdate();
    focusLater(this.host, 'textarea[part~="edit-input"]');
  }

  private handleEditKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.handleCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      this.handleSave(event);
    }
  }

  /** Save and send: fires `message-send` like the composer does, then the store edits (a new branch). */
  private handleSave(event: Event): void {
    event.preventDefault();
    const store = this.options.store();
    const id = this.editing;
    const text = this.draft.trim();
    if (!store || !id || !text) return;
    const send = new MessageSendEvent({ text });
    if (!this.host.dispatchEvent(send)) return;
    const final = String(send.detail.text ?? '').trim();
    if (!final) return;
    this.editing = null;
    store.edit(id, final);
    this.host.requestUpdate();
    this.options.sent();
  }

  private handleCancel(): void {
    const id = this.editing;
    this.editing = null;
    this.host.requestUpdate();
    if (id) focusLater(this.host, `button[data-edit="${CSS.escape(id)}"]`);
  }

  private handleVersion(navigation: VersionNavigation, index: number): void {
    const store = this.options.store();
    if (!store || index < 0 || index >= navigation.count) return;
    store.selectVersion(navigation.after, index);
    // The navigation may now sit in another message's row: keep the focus on it.
    const group = `.versions[data-after="${CSS.escape(navigation.after ?? '')}"]`;
    const step = index > navigation.current ? 'next' : 'previous';
    // At either end the button pressed turns off: the other one takes the focus.
    focusLater(this.host, `${group} [data-step="${step}"]:enabled`, `${group} button:enabled`);
  }

  /** Good or Bad response: pressing the pressed one takes it back. Each change fires a cancelable event first. */
  private handleFeedback(message: ChatMessage, value: FeedbackValue): void {
    const current = this.options.view().feedback[message.id];
    const next: MessageFeedback | null =
      current?.value === value
        ? null
        : { value, ...(current?.comment ? { comment: current.comment } : {}) };
    this.change(message, next);
  }

  private handleComment(message: ChatMessage, event: Event): void {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const current = this.options.view().feedback[message.id];
    const comment = form.querySelector('textarea')?.value.trim() ?? '';
    if (!current) return;
    if (this.change(message, { value: current.value, ...(comment ? { comment } : {}) })) {
      const details = form.closest('details');
      details?.removeAttribute('open');
      details?.querySelector('summary')?.focus();
    }
  }

  private change(message: ChatMessage, feedback: MessageFeedback | null): boolean {
    const store = this.options.store();
    if (!store) return false;
    const event = new MessageFeedbackEvent({
      messageId: message.id,
      serverMessageId: serverIdOf(message),
      threadId: this.options.view().threadId,
      runId: message.runId ?? null,
      value: feedback?.value ?? null,
      comment: feedback?.comment ?? '',
    });
    if (!this.host.dispatchEvent(event)) return false;
    store.setFeedback(message.id, feedback);
    return true;
  }
}
