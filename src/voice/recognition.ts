// `dictation="browser"`: the Web Speech API's recognition (the browser's engine, which may send the audio to its
// vendor: the page opts in, it is never the default). Final words and the interim guess reach the chat as they come.
import { DictationError, type DictationProblem } from './types.js';

/** The part of SpeechRecognition this module uses (TypeScript's DOM library does not declare it). */
interface Recognizer extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
}

interface RecognitionEventLike extends Event {
  readonly resultIndex: number;
  readonly results: SpeechRecognitionResultList;
}

interface RecognitionErrorLike extends Event {
  readonly error: string;
  readonly message?: string;
}

type RecognizerClass = new () => Recognizer;

/** The browser's SpeechRecognition (prefixed in Chromium and Safari), or null where there is none. */
export function recognizerClass(): RecognizerClass | null {
  const scope = globalThis as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const found = scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
  return typeof found === 'function' ? (found as RecognizerClass) : null;
}

export interface RecognitionOptions {
  readonly lang: string;
  /** The words recognised for good since the last call (to be appended). */
  onFinal(words: string): void;
  /** The current guess, replaced on every call; '' when there is none. */
  onInterim(words: string): void;
  /** The browser has started capturing audio (the microphone is allowed by now). */
  onAudio?(): void;
  /** Recognition ended: null when it simply stopped, else what went wrong. */
  onEnd(problem: DictationProblem | null): void;
}

export interface Recognition {
  /** Stops listening; words still in flight may arrive before `onEnd`. */
  stop(): void;
  /** Stops at once and drops what has not arrived. */
  abort(): void;
}

/** The problem behind a recognition `error` event (`no-speech` and `aborted` are not problems). */
export function recognitionProblem(error: string, message = ''): DictationProblem | null {
  switch (error) {
    case 'no-speech':
    case 'aborted':
      return null;
    case 'not-allowed':
      return { kind: 'denied' };
    case 'audio-capture':
      return { kind: 'no-microphone' };
    default:
      return { kind: 'failed', reason: message ? `${error}: ${message}` : error };
  }
}

/** Starts the browser's recognition; throws a DictationError when there is none or it refuses to start. */
export function startRecognition(options: RecognitionOptions): Recognition {
  if (!globalThis.isSecureContext) throw new DictationError({ kind: 'insecure' });
  const Recognizer = recognizerClass();
  if (!Recognizer) throw new DictationError({ kind: 'unsupported' });
  const recognizer = new Recognizer();
  recognizer.lang = options.lang;
  recognizer.continuous = true;
  recognizer.interimResults = true;
  let problem: DictationProblem | null = null;
  let ended = false;
  recognizer.addEventListener('result', (event) => {
    const { results, resultIndex } = event as RecognitionEventLike;
    let final = '';
    let interim = '';
    for (let index = resultIndex; index < results.length; index += 1) {
      const result = results[index];
      const words = result?.[0]?.transcript ?? '';
      if (result?.isFinal) final += words;
      else interim += words;
    }
    if (final.trim()) options.onFinal(final.trim());
    options.onInterim(interim.trim());
  });
  recognizer.addEventListener('audiostart', () => options.onAudio?.());
  recognizer.addEventListener('error', (event) => {
    const { error, message } = event as RecognitionErrorLike;
    problem ??= recognitionProblem(String(error), message ?? '');
  });
  recognizer.addEventListener('end', () => {
    if (ended) return;
    ended = true;
    options.onInterim('');
    options.onEnd(problem);
  });
  try {
    recognizer.start();
  } catch (error) {
    throw new DictationError({
      kind: 'failed',
      reason: String((error as Error)?.message ?? error),
    });
  }
  return {
    stop: () => recognizer.stop(),
    abort: () => recognizer.abort(),
  };
}
