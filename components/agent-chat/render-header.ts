// The chat's header: its title (the `header` slot), Download conversation and New thread.
import { html } from 'lit';
import type { ChatView } from './chat-context.js';
import { downloadIcon, newThreadIcon } from './icons.js';
import type { AgentChatStrings } from './strings.js';

export interface HeaderOptions {
  readonly text: AgentChatStrings;
  readonly view: ChatView;
  /** Whether the chat has a store. */
  readonly connected: boolean;
  /** Whether a run is open (New thread then stops it). */
  readonly open: boolean;
  readonly onDownload: () => void;
  readonly onNewThread: () => void;
}

export function renderHeader({
  text,
  view,
  connected,
  open,
  onDownload,
  onNewThread,
}: HeaderOptions) {
  return html`<header part="header" class="header">
    <div class="title"><slot name="header">${text.title}</slot></div>
    <button
      part="download-button"
      class="button ghost icon-only"
      type="button"
      aria-label=${text.downloadConversation}
      title=${text.downloadConversation}
      ?disabled=${!connected || view.messages.length === 0}
      @click=${onDownload}
    >
      ${downloadIcon}
    </button>
    <button
      part="new-thread-button"
      class="button ghost"
      type="button"
      ?disabled=${!connected || (view.messages.length === 0 && !open)}
      @click=${onNewThread}
    >
      ${newThreadIcon}<span>${text.newThread}</span>
    </button>
  </header>`;
}
