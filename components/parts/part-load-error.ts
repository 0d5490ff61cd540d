// Why an optional part could not load, in words a person can act on: which part, and where it was looked for.

export class PartLoadError extends Error {
  override readonly name = 'PartLoadError';

  constructor(
    /** The part that was asked for (`highlighter`). */
    readonly part: string,
    /** Where it was looked for, when known. */
    readonly url: string | null,
    /** What went wrong, as the browser said it. */
    readonly reason: string,
  ) {
    super(url ? `${part} could not be loaded from ${url} (${reason})` : `${part}: ${reason}`);
  }

  /** A failed import as a PartLoadError; the browser's message names the URL when none is given. */
  static from(part: string, url: string | null, error: unknown): PartLoadError {
    const reason = error instanceof Error ? error.message : String(error);
    return new PartLoadError(part, url ?? /\bhttps?:\/\/\S+/.exec(reason)?.[0] ?? null, reason);
  }
}
