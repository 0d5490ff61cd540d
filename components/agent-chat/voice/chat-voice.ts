// What <agent-chat> wires for voice: dictation in the composer and Read aloud on answers, sharing the chat's
// strings, language and live region.
import type { ChatDictationHost } from './chat-dictation.js';
import { ChatDictation } from './chat-dictation.js';
import { ChatReading, type ChatReadingHost } from './chat-reading.js';
import type { VoiceStrings } from './voice-strings.js';

export type { Speak, Transcribe } from '../../../src/voice/types.js';
export { voiceStyles } from './voice.styles.js';

export interface ChatVoiceHost extends ChatDictationHost, ChatReadingHost {
  readonly dictationSend: boolean;
}

export interface ChatVoiceCallbacks {
  text(): VoiceStrings;
  announce(sentence: string): void;
  draft(): string;
  setDraft(draft: string): void;
  /** Sends the draft (when no run is open); `dictation-send` calls it once the words landed. */
  send(): void;
}

/** The language spoken: the nearest `lang` around the chat, else the browser's. */
const langOf = (host: Element) =>
  host.closest('[lang]')?.getAttribute('lang') || globalThis.navigator?.language || 'en';

export function chatVoice(host: ChatVoiceHost, callbacks: ChatVoiceCallbacks) {
  const shared = { text: callbacks.text, announce: callbacks.announce, lang: () => langOf(host) };
  const dictating = new ChatDictation(host, {
    ...shared,
    draft: callbacks.draft,
    append: (words) => {
      const draft = callbacks.draft();
      callbacks.setDraft(draft.trim() ? `${draft.trimEnd()} ${words}` : words);
    },
    restore: callbacks.setDraft,
    finished: () => {
      if (host.dictationSend) callbacks.send();
    },
  });
  const reading = new ChatReading(host, shared);
  return { dictating, reading };
}
