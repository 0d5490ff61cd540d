// The composer: preset prompts, the notes above the input, the Message textbox and Send (Stop while a run streams).
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { isRunOpen } from '../../src/store/reducer.js';
import type { ChatView } from './chat-context.js';
import { approvalIcon, sendIcon, stopIcon } from './icons.js';
import type { AgentChatStrings } from './strings.js';

/** What the composer shows (the draft lives in the element) and the element's handlers. */
export interface Composer {
  readonly text: AgentChatStrings;
  readonly view: ChatView;
  readonly connected: boolean;
  readonly prompts: readonly string[];
  readonly draft: string;
  readonly toast: string | null;
  onSubmit(event: Event): void;
  onInput(event: Event): void;
  onKeydown(event: KeyboardEvent): void;
  onPrompt(prompt: string): void;
  onStop(): void;
  /** Loads the copy of this thread another tab moved on. */
  onLoadLatest(): void;
  /** Attachments (render-attachments.ts): the Attach files button, the chips and refusals, drop and paste. */
  readonly attachments?: ComposerAttachments;
  /** Dictation (voice/chat-dictation.ts): the Dictate button, and the recording's time, meter and notes. */
  readonly dictation?: { readonly button: unknown; readonly panel: unknown };
}

export interface ComposerAttachments {
  readonly button: unknown;
  readonly tray: unknown;
  /** Files are being read or uploaded: Stop shows, and stops that. */
  readonly busy: boolean;
  readonly hasFiles: boolean;
  /** Files are being dragged over the composer: it shows itself as the drop target. */
  readonly dropping: boolean;
  readonly dropText: string;
  onDragOver(event: DragEvent): void;
  onDragLeave(event: DragEvent): void;
  onDrop(event: DragEvent): void;
  onPaste(event: ClipboardEvent): void;
  /** The first use of the composer (asks the agent's capabilities). */
  onFirstUse(): void;
}

/** A list of prompts: a JSON array of strings, or one prompt per line. */
export const promptsConverter = {
  fromAttribute(value: string | null): readonly string[] {
    if (!value?.trim()) return [];
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed = JSON.parse(trimmed) as unknown;
        if (Array.isArray(parsed)) return parsed.map(String).filter((item) => item.trim());
      } catch {
        // Not JSON after all: read it as lines.
      }
    }
    return trimmed
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  },
  toAttribute(value: readonly string[]): string {
    return JSON.stringify(value);
  },
};

export function renderComposer(composer: Composer) {
  const { text, view, connected } = composer;
  const files = composer.attachments;
  const open = isRunOpen(view.run) || files?.busy === true;
  const openApproval =
    view.run.status === 'Needs approval' &&
    view.approvals.some((approval) => approval.answer === null);
  const canSend = connected && (composer.draft.trim() !== '' || files?.hasFiles === true);
  return html`<form
    part="composer"
    class=${files?.dropping ? 'composer dropping' : 'composer'}
    @submit=${composer.onSubmit}
    @dragenter=${files?.onDragOver}
    @dragover=${files?.onDragOver}
    @dragleave=${files?.onDragLeave}
    @drop=${files?.onDrop}
    @focusin=${files?.onFirstUse}
    @pointerdown=${files?.onFirstUse}
  >
    ${
      composer.prompts.length > 0
        ? html`<div part="prompts" class="prompts" role="group" aria-label=${text.suggestions}>
            ${composer.prompts.map(
              (prompt) =>
                html`<button
                  part="prompt"
                  class="prompt"
                  type="button"
                  dir="auto"
                  ?disabled=${!connected || open}
                  @click=${() => composer.onPrompt(prompt)}
                >
                  ${prompt}
                </button>`,
            )}
          </div>`
        : nothing
    }
    ${
      openApproval
        ? html`<p part="notice" class="notice" data-notice="approval">
            ${approvalIcon}<span>${text.sendCancelsApproval}</span>
          </p>`
        : nothing
    }
    ${
      view.persistence?.note
        ? html`<p part="notice" class="notice" data-notice="storage">${view.persistence.note}</p>`
        : nothing
    }
    ${
      view.persistence?.continuedElsewhere
        ? html`<p part="notice" class="notice" data-notice="elsewhere">
            <span>${text.continuedElsewhere}</span>
            <button class="button" type="button" @click=${composer.onLoadLatest}>
              ${text.loadLatest}
            </button>
          </p>`
        : nothing
    }
    ${
      composer.toast
        ? html`<p part="notice" class="notice" data-notice="toast">${composer.toast}</p>`
        : nothing
    }
    ${files?.tray ?? nothing} ${composer.dictation?.panel ?? nothing}
    ${files?.dropping ? html`<p class="drop-hint">${files.dropText}</p>` : nothing}
    <div class="input-row">
      ${files?.button ?? nothing}
      <label class="visually-hidden" for="message">${text.message}</label>
      <textarea
        id="message"
        part="input"
        rows="1"
        placeholder=${text.placeholder}
        .value=${live(composer.draft)}
        ?disabled=${!connected}
        @input=${composer.onInput}
        @keydown=${composer.onKeydown}
        @paste=${files?.onPaste}
      ></textarea>
      ${composer.dictation?.button ?? nothing}
      ${
        open
          ? html`<button
              part="stop-button"
              class="send stop"
              type="button"
              title=${text.stop}
              @click=${composer.onStop}
            >
              ${stopIcon}<span class="visually-hidden">${text.stop}</span>
            </button>`
          : html`<button
              part="send-button"
              class="send"
              type="submit"
              title=${text.send}
              ?disabled=${!canSend}
            >
              ${sendIcon}<span class="visually-hidden">${text.send}</span>
            </button>`
      }
    </div>
    <p class="hint">${text.hint}</p>
  </form>`;
}
