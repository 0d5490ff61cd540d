// Dictation in the composer: the Dictate button (Stop dictation while recording), the elapsed time and the level
// meter, the notes when something goes wrong, and Try again. Only this and its strings load with the chat: the
// dictation itself (recording, recognition, transcription, the clock) is the voice part, loaded on the first press.
import { html, nothing, svg, type ReactiveController, type ReactiveElement } from 'lit';
import { loadPart, type PartModule } from '../../parts/load-part.js';
import { format } from '../../shared/strings.js';
import { icon } from '../icons.js';
import type { DictationProblem, Transcribe } from '../../../src/voice/types.js';
import type { DictationView } from '../../../src/voice/dictation.js';
import type { VoiceStrings } from './voice-strings.js';

type Dictation = InstanceType<PartModule<'voice'>['Dictation']>;

const micIcon = icon(
  svg`<rect x="9" y="3" width="6" height="11" rx="3"></rect><path d="M5 11a7 7 0 0 0 14 0"></path><path d="M12 18v3"></path>`,
);
const stopIcon = icon(
  svg`<rect x="7" y="7" width="10" height="10" rx="1.5" fill="currentColor"></rect>`,
);

/** The element's dictation properties. */
export interface ChatDictationHost extends ReactiveElement {
  readonly transcribe: Transcribe | null;
  readonly dictation: string | null;
  readonly maxDictationSeconds: number;
}

/** What the chat lends dictation. */
export interface DictationCallbacks {
  text(): VoiceStrings;
  lang(): string;
  announce(sentence: string): void;
  draft(): string;
  append(words: string): void;
  restore(draft: string): void;
  /** The words landed (`dictation-send` sends them). */
  finished(): void;
}

/** Whether this browser has the Web Speech API's recognition (checked without loading the voice part). */
export const hasRecognizer = () =>
  'SpeechRecognition' in globalThis || 'webkitSpeechRecognition' in globalThis;

/** `max-dictation-seconds` as used: a positive number, else the default 120 (bad input never throws). */
const limitOf = (host: ChatDictationHost) => {
  const seconds = Number(host.maxDictationSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 120;
};

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

export class ChatDictation implements ReactiveController {
  /** What is shown; the voice part's Dictation writes it. */
  readonly view: DictationView = {
    phase: 'idle',
    engine: 'recorder',
    seconds: 0,
    metered: false,
    interim: '',
    problem: null,
  };
  private dictation: Dictation | null = null;
  /** The voice part could not load: where it was looked for. */
  private unavailable: string | null = null;
  private loading = false;

  constructor(
    private readonly host: ChatDictationHost,
    private readonly callbacks: DictationCallbacks,
  ) {
    host.addController(this);
  }

  /** Dictate shows when the page set `.transcribe`, or chose the browser's engine and this browser has one. */
  get available(): boolean {
    return (
      typeof this.host.transcribe === 'function' ||
      (this.host.dictation === 'browser' && hasRecognizer())
    );
  }

  hostConnected(): void {
    this.host.addEventListener('keydown', this.handleKeydown);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('keydown', this.handleKeydown);
    // Leaving the page (or the chat) ends the microphone silently; nothing is kept.
    this.dictation?.cancel(false);
  }

  private readonly handleKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || this.view.phase === 'idle') return;
    event.preventDefault();
    event.stopPropagation();
    this.dictation?.cancel(true);
  };

  private readonly handleToggle = (): void => {
    if (this.view.phase === 'recording') void this.dictation?.finish();
    else if (this.view.phase === 'idle') void this.withDictation((dictation) => dictation.start());
  };

  private readonly handleRetry = (): void => void this.dictation?.retry();

  private readonly handleDiscard = (): void => this.dictation?.discard();

  /** The dictation, once the voice part has loaded (at the first press; a failure is said in place). */
  private async withDictation(use: (dictation: Dictation) => Promise<void>): Promise<void> {
    if (this.dictation) return use(this.dictation);
    if (this.loading) return;
    this.loading = true;
    this.unavailable = null;
    try {
      const { Dictation } = await loadPart('voice');
      this.dictation ??= new Dictation(this.hostOf());
    } catch (error) {
      this.unavailable = String((error as { where?: unknown })?.where ?? 'voice');
      this.host.requestUpdate();
      return;
    } finally {
      this.loading = false;
    }
    return use(this.dictation);
  }

  private hostOf(): ConstructorParameters<PartModule<'voice'>['Dictation']>[0] {
    const { callbacks, host } = this;
    const sentences = {
      started: () => callbacks.text().dictationStarted,
      stopped: () => callbacks.text().dictationStopped,
      cancelled: () => callbacks.text().dictationCancelled,
      limit: () => format(callbacks.text().dictationLimit, { seconds: limitOf(host) }),
    };
    return {
      view: this.view,
      transcribe: () => host.transcribe,
      maxSeconds: () => limitOf(host),
      lang: callbacks.lang,
      draft: callbacks.draft,
      append: callbacks.append,
      restore: callbacks.restore,
      finished: callbacks.finished,
      announce: (event) => callbacks.announce(sentences[event]()),
      level: (level) => this.showLevel(level),
      changed: () => host.requestUpdate(),
    };
  }

  /** The meter follows the microphone once a frame: written straight to its node, not through a render. */
  private showLevel(level: number): void {
    const meter = this.host.renderRoot.querySelector<HTMLElement>('[part~="dictation-meter"]');
    if (!meter) return;
    const percent = Math.round(level * 100);
    meter.setAttribute('aria-valuenow', String(percent));
    meter.style.setProperty('--_agui-level', `${percent}%`);
  }

  /** A problem in words. */
  private sentence(problem: DictationProblem, retry: boolean): string {
    const text = this.callbacks.text();
    switch (problem.kind) {
      case 'denied':
        return text.dictationDenied;
      case 'no-microphone':
        return text.dictationNoMicrophone;
      case 'insecure':
        return text.dictationInsecure;
      case 'unsupported':
        return text.dictationUnsupported;
      case 'timeout':
        return format(text.dictationTimeout, { seconds: problem.seconds });
      case 'failed':
        return format(retry ? text.dictationFailed : text.dictationRecognitionFailed, {
          reason: problem.reason,
        });
      default: {
        const unknown: never = problem;
        return String(unknown);
      }
    }
  }

  /** What the composer shows of dictation. */
  composer(disabled: boolean): { readonly button: unknown; readonly panel: unknown } {
    return { button: this.renderButton(disabled), panel: this.renderPanel() };
  }

  /** The Dictate button (nothing when dictation is not offered). */
  private renderButton(disabled: boolean): unknown {
    if (!this.available) return nothing;
    const text = this.callbacks.text();
    const { phase } = this.view;
    const recording = phase === 'recording';
    const name = recording ? text.stopDictation : text.dictate;
    return html`<button
      part="dictate-button"
      class=${recording ? 'attach dictate recording' : 'attach dictate'}
      type="button"
      title=${name}
      ?disabled=${disabled || this.loading || phase === 'starting' || phase === 'transcribing'}
      @click=${this.handleToggle}
    >
      ${recording ? stopIcon : micIcon}<span class="visually-hidden">${name}</span>
    </button>`;
  }

  /** Above the input: the live microphone (time, meter, the greyed guess), the wait for words, or a note. */
  private renderPanel(): unknown {
    const text = this.callbacks.text();
    const { phase, engine, interim, problem } = this.view;
    const guess = interim ? html`<span part="interim" class="interim">${interim}</span>` : nothing;
    if (phase === 'recording') {
      const elapsed = engine === 'browser' ? text.dictationListening : text.dictationElapsed;
      return html`<div part="dictation" class="dictation">
        <span class="dictation-dot" aria-hidden="true"></span>
        <span class="dictation-time">${format(elapsed, { time: clock(this.view.seconds) })}</span>
        ${
          this.view.metered
            ? html`<div
                part="dictation-meter"
                class="dictation-meter"
                role="meter"
                aria-label=${text.microphoneLevel}
                aria-valuemin="0"
                aria-valuemax="100"
                aria-valuenow="0"
              ></div>`
            : nothing
        }
        ${guess}
      </div>`;
    }
    if (phase === 'transcribing') {
      return html`<p part="dictation" class="dictation">
        ${interim ? guess : text.dictationTranscribing}
      </p>`;
    }
    const note = this.unavailable
      ? format(text.voiceUnavailable, { where: this.unavailable })
      : problem && this.sentence(problem.problem, problem.retry);
    if (!note) return nothing;
    return html`<div part="notice dictation-note" class="notice dictation-note" role="alert">
      <span>${note}</span>
      ${
        problem?.retry && !this.unavailable
          ? html`<button class="button" type="button" @click=${this.handleRetry}>
                ${text.dictationTryAgain}
              </button>
              <button class="button ghost" type="button" @click=${this.handleDiscard}>
                ${text.dictationDismiss}
              </button>`
          : nothing
      }
    </div>`;
  }
}
