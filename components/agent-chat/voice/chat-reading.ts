// Read aloud: one answer speaks at a time (Stop reading ends it); a new run, leaving the page or removing the chat
// stops it. Speaking itself is the voice part, loaded on the first press.
import { html, nothing, svg, type ReactiveController, type ReactiveElement } from 'lit';
import { loadPart } from '../../parts/load-part.js';
import { format } from '../../shared/strings.js';
import { icon } from '../icons.js';
import type { RunInfo } from '../../../src/store/types.js';
import type { Speak } from '../../../src/voice/types.js';
import type { VoiceStrings } from './voice-strings.js';

const speakerIcon = icon(
  svg`<path d="M11 5 6 9H3v6h3l5 4z"></path><path d="M15.5 8.5a5 5 0 0 1 0 7"></path><path d="M19 5a10 10 0 0 1 0 14"></path>`,
);
const stopIcon = icon(
  svg`<rect x="7" y="7" width="10" height="10" rx="1.5" fill="currentColor"></rect>`,
);

export interface ChatReadingHost extends ReactiveElement {
  readonly speak: Speak | null;
}

export interface ReadingCallbacks {
  text(): VoiceStrings;
  lang(): string;
  announce(sentence: string): void;
}

export class ChatReading implements ReactiveController {
  /** The message whose answer is being read (its Read aloud says Stop reading). */
  speakingId: string | null = null;
  private speaking: { stop(): void } | null = null;
  /** The last answer that could not be read, and why (said beside its button, and announced). */
  private failure: { readonly messageId: string; readonly text: string } | null = null;
  private turn = 0;
  private lastRun = -1;

  constructor(
    private readonly host: ChatReadingHost,
    private readonly callbacks: ReadingCallbacks,
  ) {
    host.addController(this);
  }

  /** The message whose answer last failed to be read (its row shows why). */
  get noteId(): string | null {
    return this.failure?.messageId ?? null;
  }

  /** Read aloud shows when the page set `.speak` or the browser can speak. */
  get available(): boolean {
    return typeof this.host.speak === 'function' || typeof globalThis.speechSynthesis === 'object';
  }

  hostConnected(): void {
    addEventListener('pagehide', this.stop);
  }

  hostDisconnected(): void {
    removeEventListener('pagehide', this.stop);
    this.stop();
  }

  /** A new run stops what is being read. */
  follow(run: RunInfo): void {
    if (run.number !== this.lastRun && this.speakingId !== null) this.stop();
    this.lastRun = run.number;
  }

  /** Read aloud (or Stop reading) on the answer that ends with this message. */
  toggle(messageId: string, markdown: string): void {
    if (this.speakingId === messageId) {
      this.stop();
      return;
    }
    this.stop();
    this.failure = null;
    const turn = ++this.turn;
    this.speakingId = messageId;
    this.host.requestUpdate();
    loadPart('voice').then(
      (voice) => {
        if (turn !== this.turn) return;
        this.speaking = voice.startSpeaking({
          text: voice.spokenText(markdown),
          lang: this.callbacks.lang(),
          hook: typeof this.host.speak === 'function' ? this.host.speak : null,
          onEnd: (failure) => {
            if (turn !== this.turn) return;
            this.speaking = null;
            this.speakingId = null;
            if (failure) {
              this.fail(
                messageId,
                format(this.callbacks.text().readAloudFailed, { reason: failure }),
              );
            }
            this.host.requestUpdate();
          },
        });
      },
      (error: unknown) => {
        if (turn !== this.turn) return;
        this.speakingId = null;
        const where = (error as { where?: unknown })?.where;
        this.fail(
          messageId,
          format(this.callbacks.text().voiceUnavailable, { where: String(where ?? 'voice') }),
        );
        this.host.requestUpdate();
      },
    );
  }

  private fail(messageId: string, text: string): void {
    this.failure = { messageId, text };
    this.callbacks.announce(text);
  }

  /** Stops reading (nothing to do when nothing speaks). */
  readonly stop = (): void => {
    this.turn += 1;
    this.speaking?.stop();
    this.speaking = null;
    if (this.speakingId === null) return;
    this.speakingId = null;
    this.host.requestUpdate();
  };

  /** The Read aloud / Stop reading button of an answer (nothing when the chat cannot speak). */
  render(messageId: string, markdown: () => string): unknown {
    if (!this.available) return nothing;
    const text = this.callbacks.text();
    const speaking = this.speakingId === messageId;
    const name = speaking ? text.stopReading : text.readAloud;
    return html`<button
        part="read-aloud-button"
        class="icon-button"
        type="button"
        title=${name}
        @click=${() => this.toggle(messageId, markdown())}
      >
        ${speaking ? stopIcon : speakerIcon}<span class="action-label">${name}</span></button
      >${
        this.failure?.messageId === messageId
          ? html`<span part="read-aloud-note" class="read-aloud-note">${this.failure.text}</span>`
          : nothing
      }`;
  }
}
