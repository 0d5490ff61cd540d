// Sending a recording to the page's `.transcribe`: its words, or a problem (thrown, timed out, not text) to show.
import { DictationError, reasonOf, type Transcribe } from './types.js';

/** How long the page's speech-to-text may take before the chat gives up (the recording is kept for Try again). */
export const TRANSCRIBE_TIMEOUT_MS = 30_000;

/**
 * Calls the hook once with an AbortSignal that fires on timeout or when `signal` does; resolves with its words
 * (trimmed) or rejects with a DictationError. A hook that throws synchronously is caught the same way.
 */
export async function transcribeRecording(
  hook: Transcribe,
  audio: Blob,
  options: { readonly lang: string; readonly signal?: AbortSignal; readonly timeoutMs?: number },
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? TRANSCRIBE_TIMEOUT_MS;
  const controller = new AbortController();
  const abort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException('Transcription timed out', 'TimeoutError'));
      reject(new DictationError({ kind: 'timeout', seconds: Math.round(timeoutMs / 1000) }));
    }, timeoutMs);
  });
  try {
    const words = await Promise.race([
      Promise.resolve().then(() =>
        hook(audio, { signal: controller.signal, lang: options.lang, mimeType: audio.type }),
      ),
      timedOut,
    ]);
    if (typeof words !== 'string') {
      throw new DictationError({ kind: 'failed', reason: 'the transcription was not text' });
    }
    return words.trim();
  } catch (error) {
    if (error instanceof DictationError) throw error;
    throw new DictationError({ kind: 'failed', reason: reasonOf(error) });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}
