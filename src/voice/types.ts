// The shapes the page's voice hooks take, and the problems dictation reports (shared by the chat and the voice part).

/** The page's speech-to-text: the recording (in memory, never saved) in, the words out. */
export type Transcribe = (
  audio: Blob,
  options: { readonly signal: AbortSignal; readonly lang: string; readonly mimeType: string },
) => Promise<string> | string;

/** The page's text-to-speech: a Blob is played from a `blob:` URL; nothing returned means the page spoke it itself. */
export type Speak = (
  text: string,
  options: { readonly signal: AbortSignal; readonly lang: string },
) => Promise<Blob | void> | Blob | void;

/** Why dictation did not happen or did not finish; each becomes a readable note in the composer. */
export type DictationProblem =
  | { readonly kind: 'denied' }
  | { readonly kind: 'no-microphone' }
  | { readonly kind: 'insecure' }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'timeout'; readonly seconds: number }
  | { readonly kind: 'failed'; readonly reason: string };

/** A problem carried through a rejected promise. */
export class DictationError extends Error {
  override readonly name = 'DictationError';

  constructor(readonly problem: DictationProblem) {
    super(problem.kind);
  }
}

/** Any thrown value as a short sentence for a note (never the whole stack). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error ?? '');
  const flat = text.replace(/\s+/g, ' ').trim();
  return (flat || 'no reason given').slice(0, 200);
}

/** The problem a thrown value stands for (a DictationError's own, else a failure with its reason). */
export function problemOf(error: unknown): DictationProblem {
  return error instanceof DictationError
    ? error.problem
    : { kind: 'failed', reason: reasonOf(error) };
}
