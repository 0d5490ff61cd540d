// Read aloud: an answer's words (not its markdown syntax or code blocks) spoken by `speechSynthesis` in a voice of
// the message's language, or by the page's `.speak`, whose Blob plays from a `blob:` URL revoked when it ends.
import { reasonOf, type Speak } from './types.js';

/**
 * Markdown as the words a listener should hear: fenced and indented code blocks, HTML tags, table rules and math
 * blocks dropped; links and images reduced to their text; heading, list, quote and emphasis markers removed.
 */
export function spokenText(markdown: string): string {
  return markdown
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[^]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![^]))/gm, ' ')
    .replace(/^\$\$[^]*?^\$\$[ \t]*$/gm, ' ')
    .replace(/^(?: {4}|\t).*$/gm, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, '')
    .replace(/[ \t]*\|[ \t]*/g, ', ')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/^[ \t,]+|[ \t,]+$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The voice for a language: the exact tag first, then the same primary language (the default voice among them). */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  lang: string,
): SpeechSynthesisVoice | null {
  const wanted = lang.toLowerCase().replace(/_/g, '-');
  const primary = wanted.split('-')[0];
  const norm = (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().replace(/_/g, '-');
  const exact = voices.filter((voice) => norm(voice) === wanted);
  const same =
    exact.length > 0 ? exact : voices.filter((voice) => norm(voice).split('-')[0] === primary);
  return same.find((voice) => voice.default) ?? same[0] ?? null;
}

export interface SpeakingOptions {
  readonly text: string;
  readonly lang: string;
  /** The page's `.speak`; without it, `speechSynthesis`. */
  readonly hook: Speak | null;
  /** Speaking ended by itself: null when it finished, else why it could not. Not called after `stop()`. */
  onEnd(failure: string | null): void;
}

/** Speaking under way. */
export interface Speaking {
  stop(): void;
}

/** Starts speaking; every failure reaches `onEnd`, none is thrown. */
export function startSpeaking(options: SpeakingOptions): Speaking {
  let stopped = false;
  const end = (failure: string | null) => {
    if (stopped) return;
    stopped = true;
    options.onEnd(failure);
  };
  if (options.hook) return speakWithHook(options.hook, options, end, () => (stopped = true));
  const synth = globalThis.speechSynthesis;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
    queueMicrotask(() => end('this browser cannot speak'));
    return { stop: () => (stopped = true) };
  }
  try {
    // One voice at a time across the page too: whatever this page had queued is dropped.
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(options.text);
    utterance.lang = options.lang;
    const voice = voiceFor(synth.getVoices(), options.lang);
    if (voice) utterance.voice = voice;
    utterance.addEventListener('end', () => end(null));
    utterance.addEventListener('error', (event) => {
      // Cancelling (ours or the page's) is not a failure worth a note.
      const error = (event as SpeechSynthesisErrorEvent).error;
      end(
        error === 'interrupted' || error === 'canceled' ? null : String(error || 'speech failed'),
      );
    });
    synth.speak(utterance);
  } catch (error) {
    queueMicrotask(() => end(reasonOf(error)));
  }
  return {
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        synth.cancel();
      } catch {
        // A page that replaced speechSynthesis with something broken still gets the button back.
      }
    },
  };
}

function speakWithHook(
  hook: Speak,
  options: SpeakingOptions,
  end: (failure: string | null) => void,
  markStopped: () => void,
): Speaking {
  const controller = new AbortController();
  let audio: HTMLAudioElement | null = null;
  let url = '';
  const release = () => {
    audio?.pause();
    audio = null;
    if (url) URL.revokeObjectURL(url);
    url = '';
  };
  Promise.resolve()
    .then(() => hook(options.text, { signal: controller.signal, lang: options.lang }))
    .then(
      async (result) => {
        if (controller.signal.aborted) return;
        if (!(result instanceof Blob)) {
          end(null);
          return;
        }
        url = URL.createObjectURL(result);
        audio = new Audio(url);
        audio.addEventListener('ended', () => (release(), end(null)));
        audio.addEventListener('error', () => (release(), end('the audio could not be played')));
        await audio.play();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) end(reasonOf(error));
      },
    )
    .catch((error: unknown) => {
      release();
      if (!controller.signal.aborted) end(reasonOf(error));
    });
  return {
    stop: () => {
      markStopped();
      controller.abort();
      release();
    },
  };
}
