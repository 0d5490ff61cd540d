// A dictation from its first press to its words: the recording sent to `.transcribe` (kept for Try again when that
// fails) or the browser's recognition, the elapsed time, the time limit and Escape. Framework-free: the chat passes
// in what it shows (`DictationView`, written here) and is told when to render and what to announce.
import { startRecognition, type Recognition } from './recognition.js';
import { followMicrophone, startRecording, type Recording } from './recorder.js';
import { transcribeRecording } from './transcription.js';
import { problemOf, type DictationProblem, type Transcribe } from './types.js';

/** What the chat shows of dictation; only this module writes it. */
export interface DictationView {
  phase: 'idle' | 'starting' | 'recording' | 'transcribing';
  engine: 'recorder' | 'browser';
  /** Whole seconds since recording started. */
  seconds: number;
  /** The level meter has a microphone to follow (always while recording; while the browser listens, if given). */
  metered: boolean;
  /** The browser engine's current guess, shown greyed until it is final. */
  interim: string;
  /** What went wrong last; `retry`: a recording is kept for Try again. */
  problem: { readonly problem: DictationProblem; readonly retry: boolean } | null;
}

/** What a dictation needs from the chat. */
export interface DictationHost {
  readonly view: DictationView;
  transcribe(): Transcribe | null;
  /** The time limit in seconds (a positive number). */
  maxSeconds(): number;
  lang(): string;
  draft(): string;
  /** Appends words to the draft (never sends). */
  append(words: string): void;
  /** Puts an earlier draft back (Escape during the browser's recognition). */
  restore(draft: string): void;
  /** The words landed (`dictation-send` sends them now). */
  finished(): void;
  announce(event: 'started' | 'stopped' | 'limit' | 'cancelled'): void;
  /** The microphone's level, 0–1, about once a frame. */
  level(level: number): void;
  changed(): void;
}

export class Dictation {
  private session = 0;
  private startedAt = 0;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private limit: ReturnType<typeof setTimeout> | undefined;
  private recording: Recording | null = null;
  private recognition: Recognition | null = null;
  private transcribing: AbortController | null = null;
  /** A recording whose transcription failed: in memory for Try again, dropped by Discard, a new one or leaving. */
  private kept: Blob | null = null;
  private draftBefore = '';
  private stopMeter: (() => void) | null = null;
  private heard = false;

  constructor(private readonly host: DictationHost) {}

  /** Asks for the microphone (or the browser's recognition) and starts. */
  async start(): Promise<void> {
    const { view } = this.host;
    if (view.phase !== 'idle') return;
    const session = ++this.session;
    this.kept = null;
    view.problem = null;
    view.phase = 'starting';
    view.engine = typeof this.host.transcribe() === 'function' ? 'recorder' : 'browser';
    this.host.changed();
    try {
      if (view.engine === 'recorder') {
        const recording = await startRecording({ onLevel: (level) => this.host.level(level) });
        if (session !== this.session) {
          recording.cancel();
          return;
        }
        this.recording = recording;
      } else {
        this.draftBefore = this.host.draft();
        this.heard = false;
        this.recognition = startRecognition({
          lang: this.host.lang(),
          onFinal: (words) => {
            if (session !== this.session) return;
            this.heard = true;
            this.host.append(words);
          },
          onInterim: (words) => {
            if (session !== this.session) return;
            view.interim = words;
            this.host.changed();
          },
          onEnd: (problem) => this.recognitionEnded(session, problem),
          onAudio: () => this.followLevel(session),
        });
      }
    } catch (error) {
      if (session === this.session) this.fail(problemOf(error));
      return;
    }
    view.phase = 'recording';
    view.seconds = 0;
    view.metered = view.engine === 'recorder';
    this.startedAt = performance.now();
    this.ticker = setInterval(() => this.tick(), 250);
    this.limit = setTimeout(() => void this.finish(true), this.host.maxSeconds() * 1000);
    this.host.announce('started');
    this.host.changed();
  }

  /** Stop dictation (or the time limit): the recording goes to `.transcribe`; the browser engine sends its last words. */
  async finish(atLimit = false): Promise<void> {
    const { view } = this.host;
    if (view.phase !== 'recording') return;
    const session = this.session;
    this.stopClock();
    view.phase = 'transcribing';
    this.host.announce(atLimit ? 'limit' : 'stopped');
    this.host.changed();
    if (view.engine === 'browser') {
      this.recognition?.stop();
      return;
    }
    const recording = this.recording;
    this.recording = null;
    const audio = await recording?.stop();
    if (audio && session === this.session) await this.send(audio, session);
  }

  /** Try again: the kept recording goes to `.transcribe` once more. */
  async retry(): Promise<void> {
    if (!this.kept || this.host.view.phase !== 'idle') return;
    await this.send(this.kept, this.session);
  }

  /** Drops the kept recording and its note. */
  discard(): void {
    this.kept = null;
    this.host.view.problem = null;
    this.host.changed();
  }

  /** Escape (announced) or leaving (silent): what was recorded or is in flight is dropped, the draft as it was. */
  cancel(announce: boolean): void {
    const { view } = this.host;
    this.session += 1;
    this.stopClock();
    this.recording?.cancel();
    this.recording = null;
    this.transcribing?.abort();
    this.transcribing = null;
    if (this.recognition) {
      this.recognition.abort();
      this.recognition = null;
      this.host.restore(this.draftBefore);
    }
    this.kept = null;
    view.interim = '';
    view.phase = 'idle';
    if (announce) this.host.announce('cancelled');
    this.host.changed();
  }

  private async send(audio: Blob, session: number): Promise<void> {
    const { view } = this.host;
    const hook = this.host.transcribe();
    this.kept = audio;
    view.problem = null;
    if (typeof hook !== 'function') {
      view.phase = 'idle';
      this.host.changed();
      return;
    }
    view.phase = 'transcribing';
    this.host.changed();
    const controller = new AbortController();
    this.transcribing = controller;
    try {
      const words = await transcribeRecording(hook, audio, {
        lang: this.host.lang(),
        signal: controller.signal,
      });
      if (session !== this.session || controller.signal.aborted) return;
      this.kept = null;
      view.phase = 'idle';
      this.host.changed();
      if (words) {
        this.host.append(words);
        this.host.finished();
      }
    } catch (error) {
      if (session === this.session && !controller.signal.aborted) this.fail(problemOf(error));
    } finally {
      if (this.transcribing === controller) this.transcribing = null;
    }
  }

  private recognitionEnded(session: number, problem: DictationProblem | null): void {
    if (session !== this.session) return;
    const { view } = this.host;
    const wasRecording = view.phase === 'recording';
    this.recognition = null;
    view.interim = '';
    this.stopClock();
    if (problem) {
      this.fail(problem);
      return;
    }
    view.phase = 'idle';
    // Recognition may end on its own (silence): the stop is announced then.
    if (wasRecording) this.host.announce('stopped');
    this.host.changed();
    if (this.heard) this.host.finished();
  }

  /**
   * The browser's engine gives no level: once it captures audio (so the microphone is allowed and asking again shows
   * no second prompt), the meter follows the microphone on its own, locally; refused, there is no meter.
   */
  private followLevel(session: number): void {
    followMicrophone((level) => this.host.level(level)).then(
      (stop) => {
        if (session !== this.session || this.host.view.phase !== 'recording') {
          stop();
          return;
        }
        this.stopMeter = stop;
        this.host.view.metered = true;
        this.host.changed();
      },
      () => undefined,
    );
  }

  private fail(problem: DictationProblem): void {
    const { view } = this.host;
    this.stopClock();
    this.recording = null;
    this.recognition = null;
    const retry = this.kept !== null && (problem.kind === 'failed' || problem.kind === 'timeout');
    if (!retry) this.kept = null;
    view.problem = { problem, retry };
    view.phase = 'idle';
    this.host.changed();
  }

  private tick(): void {
    const seconds = Math.floor((performance.now() - this.startedAt) / 1000);
    if (seconds === this.host.view.seconds) return;
    this.host.view.seconds = seconds;
    this.host.changed();
  }

  private stopClock(): void {
    clearInterval(this.ticker);
    clearTimeout(this.limit);
    this.stopMeter?.();
    this.stopMeter = null;
    this.host.view.metered = false;
  }
}
