// Download conversation: the chat's current branch as a Markdown file, after the cancelable `conversation-export`
// event (a host may take the Markdown itself and keep the browser from downloading it).
import { EXPORT_LABELS } from '../../../src/export/markdown.js';
import type { RunStore } from '../../../src/store/run-store.js';
import type { AgentChatStrings } from '../strings.js';

export interface ConversationExportDetail {
  /** The current branch as Markdown (see `store.exportMarkdown()`). */
  readonly markdown: string;
  readonly threadId: string;
  /** The name the download gets: `conversation-<threadId>.md`. */
  readonly fileName: string;
}

/** A person asked to download the conversation. `preventDefault()` keeps the browser from downloading it. */
export class ConversationExportEvent extends CustomEvent<ConversationExportDetail> {
  static readonly eventName = 'conversation-export';

  constructor(detail: ConversationExportDetail) {
    super(ConversationExportEvent.eventName, {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail,
    });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conversation-export': ConversationExportEvent;
  }
}

/** A file name without characters that file systems refuse. */
function fileNameOf(threadId: string): string {
  return `conversation-${threadId.replace(/[^\w.-]+/g, '-').slice(0, 80)}.md`;
}

/** Fires `conversation-export` on `host` and, unless a listener took it, downloads the Markdown. */
export function exportConversation(
  host: HTMLElement,
  store: RunStore,
  text: Pick<AgentChatStrings, 'title' | 'you' | 'agent' | 'system'>,
): void {
  const { threadId } = store.getState();
  const labels = {
    ...EXPORT_LABELS,
    title: text.title,
    user: text.you,
    assistant: text.agent,
    system: text.system,
  };
  const detail: ConversationExportDetail = {
    markdown: store.exportMarkdown(labels),
    threadId,
    fileName: fileNameOf(threadId),
  };
  if (!host.dispatchEvent(new ConversationExportEvent(detail))) return;
  const url = URL.createObjectURL(new Blob([detail.markdown], { type: 'text/markdown' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = detail.fileName;
  link.hidden = true;
  host.shadowRoot?.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
