// Normalises SSE line endings (CRLF and lone CR to LF) across chunk boundaries, before a `\n\n` splitter.

/** A stateful normaliser: feed it chunks; a CR at the end of one chunk is resolved by the next. */
export class LineEndingNormaliser {
  private pendingCarriageReturn = false;

  /** Returns the normalised text of this chunk. */
  push(text: string): string {
    let input = text;
    let prefix = '';
    if (this.pendingCarriageReturn) {
      this.pendingCarriageReturn = false;
      prefix = '\n';
      if (input.startsWith('\n')) input = input.slice(1);
    }
    if (input.endsWith('\r')) {
      this.pendingCarriageReturn = true;
      input = input.slice(0, -1);
    }
    return prefix + input.replace(/\r\n?/g, '\n');
  }

  /** Flushes a trailing CR at the end of the stream. */
  end(): string {
    if (!this.pendingCarriageReturn) return '';
    this.pendingCarriageReturn = false;
    return '\n';
  }
}
