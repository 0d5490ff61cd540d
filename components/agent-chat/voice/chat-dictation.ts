// Dictation in the composer: the Dictate button (Stop dictation while recording), the elapsed time and the level
// meter, the notes when something goes wrong, and Try again with the kept recording. Only this and its strings load
// with the chat; recording, recognition and transcription are the voice part, loaded on the first press.
import { html, nothing, svg, type ReactiveController, type ReactiveElement } from 'lit';
import { loadPart, type PartModule } from '../../parts/load-part.js';
import { format } from '../../shared/strings.js';
import { icon } from '../icons.js';
import type { DictationProblem, Transcribe } from '../../../src/voice/types.js';
import type { VoiceStrings } from './voice-strings.js';

type Voice = PartModule<'voice'>;

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
  /** Appends words to the draft (never sends). */
  append(words: string): void;
  /** The draft now, and a way to put an earlier one back (Escape during browser recognition). */
  draft(): string;
  restore(draft: string): void;
  /** The words landed and the page opted into sending at once (`dictation-send`). */
  finished(): void;
}

/** Whether this browser has the Web Speech API's recognition (checked without loading the voice part). */
export const hasRecognizer = () =>
  typeof globalThis === 'object' &&
  ('SpeechRecognition' in globalThis || 'webkitSpeechRecognition' in globalThis);

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

interface Note {
  readonly text: string;
  /** A failed transcription: Try again sends the kept recording again. */
  readonly retry: boolean;
}

export class ChatDictation implements ReactiveController {
  phase: 'idle' | 'starting' | 'recording' | 'transcribing' = 'idle';
  note: Note | null = null;
  /** The browser engine's current guess, shown greyed until it is final. */
  interim = '';
  private engine: 'recorder' | 'browser' = 'recorder';
  private session = 0;
  private startedAt = 0;
  private seconds = 0;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private limit: ReturnType<typeof setTimeout> | undefined;
  private recording: { stop(): Promise<Blob>; cancel(): void } | null = null;
  private recognition: { stop(): void; abort(): void } | null = null;
  private transcribing: AbortController | null = null;
  /** A recording whose transcription failed: held in memory for Try again, dropped by Discard or a new one. */
  private kept: Blob | null = null;
  private draftBefore = '';
  private heard = false;

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

  get active(): boolean {
    return this.phase === 'recording' || this.phase === 'starting';
  }

  hostConnected(): void {
    this.host.addEventListener('keydown', this.handleKeydown);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('keydown', this.handleKeydown);
    // Leaving the page (or the chat) ends the microphone silently: nothing is kept.
    if (this.phase !== 'idle') this.cancel(false);
    this.kept = null;
  }

  private readonly handleKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || this.phase === 'idle') return;
    event.preventDefault();
    event.stopPropagation();
    this.cancel(true);
  };

  private readonly handleToggle = (): void => {
    if (this.phase === 'recording') void this.finish(false);
    else if (this.phase === 'idle') void this.start();
  };

  private readonly handleRetry = (): void => {
    const kept = this.kept;
    if (!kept || this.phase !== 'idle') return;
    this.note = null;
    void this.voice().then((voice) => voice && this.send(voice, kept, this.session));
  };

  private readonly handleDiscard = (): void => {
    this.kept = null;
    this.note = null;
    this.host.requestUpdate();
  };

  private async voice(): Promise<Voice | null> {
    try {
      return await loadPart('voice');
    } catch (error) {
      const where = (error as { where?: unknown })?.where;
      this.fail(
        format(this.callbacks.text().voiceUnavailable, { where: String(where ?? 'voice') }),
      );
      return null;
    }
  }

  private async start(): Promise<void> {
    const session = ++this.session;
    this.note = null;
    this.kept = null;
    this.phase = 'starting';
    this.engine = typeof this.host.transcribe === 'function' ? 'recorder' : 'browser';
    this.host.requestUpdate();
    const voice = await this.voice();
    if (!voice || session !== this.session) return;
    try {
      if (this.engine === 'recorder') {
        const recording = await voice.startRecording({ onLevel: (level) => this.showLevel(level) });
        if (session !== this.session) {
          recording.cancel();
          return;
        }
        this.recording = recording;
      } else {
        this.draftBefore = this.callbacks.draft();
        this.heard = false;
        this.recognition = voice.startRecognition({
          lang: this.callbacks.lang(),
          onFinal: (words) => {
            if (session !== this.session) return;
            this.heard = true;
            this.callbacks.append(words);
          },
          onInterim: (words) => {
            if (session !== this.session) return;
            this.interim = words;
            this.host.requestUpdate();
          },
          onEnd: (problem) => this.recognitionEnded(session, problem),
        });
      }
    } catch (error) {
      if (session === this.session) this.problem(voice.problemOf(error));
      return;
    }
    this.phase = 'recording';
    this.startedAt = performance.now();
    this.seconds = 0;
    this.ticker = setInterval(() => this.tick(), 250);
    const max = Number.isFinite(this.host.maxDictationSeconds)
      ? this.host.maxDictationSeconds
      : 120;
    this.limit = setTimeout(() => void this.finish(true), Math.max(1, max) * 1000);
    this.callbacks.announce(this.callbacks.text().dictationStarted);
    this.host.requestUpdate();
  }

  /** Stop dictation, or the time limit: the recording goes to `.transcribe`; the browser engine sends its last words. */
  private async finish(atLimit: boolean): Promise<void> {
    if (this.phase !== 'recording') return;
    const session = this.session;
    const text = this.callbacks.text();
    this.stopClock();
    this.phase = 'transcribing';
    this.callbacks.announce(
      atLimit
        ? format(text.dictationLimit, { seconds: Math.round(this.host.maxDictationSeconds) })
        : text.dictationStopped,
    );
    this.host.requestUpdate();
    if (this.engine === 'browser') {
      this.recognition?.stop();
      return;
    }
    const recording = this.recording;
    this.recording = null;
    const audio = await recording?.stop();
    const voice = await this.voice();
    if (!audio || !voice || session !== this.session) return;
    await this.send(voice, audio, session);
  }

  private async send(voice: Voice, audio: Blob, session: number): Promise<void> {
    const hook = this.host.transcribe;
    if (typeof hook !== 'function') {
      this.phase = 'idle';
      this.host.requestUpdate();
      return;
    }
    this.kept = audio;
    this.phase = 'transcribing';
    this.host.requestUpdate();
    const controller = new AbortController();
    this.transcribing = controller;
    try {
      const words = await voice.transcribeRecording(hook, audio, {
        lang: this.callbacks.lang(),
        signal: controller.signal,
      });
      if (session !== this.session || controller.signal.aborted) return;
      this.kept = null;
      this.phase = 'idle';
      this.host.requestUpdate();
      if (words) {
        this.callbacks.append(words);
        this.callbacks.finished();
      }
    } catch (error) {
      if (session !== this.session || controller.signal.aborted) return;
      this.problem(voice.problemOf(error));
    } finally {
      if (this.transcribing === controller) this.transcribing = null;
    }
  }

  private recognitionEnded(session: number, problem: DictationProblem | null): void {
    if (session !== this.session) return;
    const wasRecording = this.phase === 'recording';
    this.recognition = null;
    this.interim = '';
    this.stopClock();
    if (problem) {
      this.problem(problem);
      return;
    }
    this.phase = 'idle';
    // Recognition may end on its own (silence): the stop is announced then.
    if (wasRecording) this.callbacks.announce(this.callbacks.text().dictationStopped);
    this.host.requestUpdate();
    if (this.heard) this.callbacks.finished();
  }

  /** Escape: the recording or the words in flight are dropped, and the draft is as it was. */
  private cancel(announce: boolean): void {
    this.session += 1;
    this.stopClock();
    this.recording?.cancel();
    this.recording = null;
    this.transcribing?.abort();
    this.transcribing = null;
    if (this.recognition) {
      this.recognition.abort();
      this.recognition = null;
      this.callbacks.restore(this.draftBefore);
    }
    this.interim = '';
    this.kept = null;
    this.phase = 'idle';
    if (announce) this.callbacks.announce(this.callbacks.text().dictationCancelled);
    this.host.requestUpdate();
  }

  private problem(problem: DictationProblem): void {
    const text = this.callbacks.text();
    this.stopClock();
    this.recording = null;
    this.recognition = null;
    const retry = this.kept !== null && (problem.kind === 'failed' || problem.kind === 'timeout');
    const sentence = {
      denied: text.dictationDenied,
      'no-microphone': text.dictationNoMicrophone,
      insecure: text.dictationInsecure,
      unsupported: text.dictationUnsupported,
      timeout: format(text.dictationTimeout, {
        seconds: problem.kind === 'timeout' ? problem.seconds : 0,
      }),
      failed: format(retry ? text.dictationFailed : text.dictationRecognitionFailed, {
        reason: problem.kind === 'failed' ? problem.reason : '',
      }),
    }[problem.kind];
    this.fail(sentence, retry);
  }

  private fail(sentence: string, retry = false): void {
    if (!retry) this.kept = null;
    this.note = { text: sentence, retry };
    this.phase = 'idle';
    this.host.requestUpdate();
  }

  private tick(): void {
    const seconds = Math.floor((performance.now() - this.startedAt) / 1000);
    if (seconds === this.seconds) return;
    this.seconds = seconds;
    this.host.requestUpdate();
  }

  private stopClock(): void {
    clearInterval(this.ticker);
    clearTimeout(this.limit);
  }

  /** The meter follows the microphone once a frame: written straight to its node, not through a render. */
  private showLevel(level: number): void {
    const meter = this.host.renderRoot.querySelector<HTMLElement>('[part~="dictation-meter"]');
    if (!meter) return;
    const percent = Math.round(level * 100);
    meter.setAttribute('aria-valuenow', String(percent));
    meter.style.setProperty('--_agui-level', `${percent}%`);
  }

  /** What the composer shows of dictation. */
  composer(disabled: boolean): { readonly button: unknown; readonly panel: unknown } {
    return { button: this.renderButton(disabled), panel: this.renderPanel() };
  }

  /** The Dictate button (nothing when dictation is not offered). */
  private renderButton(disabled: boolean): unknown {
    if (!this.available) return nothing;
    const text = this.callbacks.text();
    const recording = this.phase === 'recording';
    const name = recording ? text.stopDictation : text.dictate;
    return html`<button
      part="dictate-button"
      class=${recording ? 'dictate recording' : 'dictate'}
      type="button"
      title=${name}
      ?disabled=${disabled || this.phase === 'starting' || this.phase === 'transcribing'}
      @click=${this.handleToggle}
    >
      ${recording ? stopIcon : micIcon}<span class="visually-hidden">${name}</span>
    </button>`;
  }

  /** Above the input: the live microphone (time, meter, the greyed guess), the wait for words, or a note. */
  private renderPanel(): unknown {
    const text = this.callbacks.text();
    if (this.phase === 'recording') {
      const time = clock(this.seconds);
      return html`<div part="dictation" class="dictation">
        <span class="dictation-dot" aria-hidden="true"></span>
        <span class="dictation-time"
          >${format(this.engine === 'browser' ? text.dictationListening : text.dictationElapsed, {
            time,
          })}</span
        >
        ${
          this.engine === 'recorder'
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
        ${this.interim ? html`<span part="interim" class="interim">${this.interim}</span>` : nothing}
      </div>`;
    }
    if (this.phase === 'transcribing') {
      return html`<p part="dictation" class="dictation">
        ${this.interim ? html`<span part="interim" class="interim">${this.interim}</span>` : text.dictationTranscribing}
      </p>`;
    }
    if (!this.note) return nothing;
    return html`<div part="notice dictation-note" class="notice dictation-note" role="alert">
      <span>${this.note.text}</span>
      ${
        this.note.retry
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
