// Run failures with a kind and a sentence a person can read: what a running stream threw (loaded with the pipeline).
import type { FailureKind, RunFailure } from '../store/types.js';

/** An error that carries the failure a run should end with. */
export class RunFailureError extends Error {
  readonly kind: FailureKind;
  readonly status?: number;

  constructor(kind: FailureKind, reason: string, status?: number) {
    super(reason);
    this.name = 'RunFailureError';
    this.kind = kind;
    if (status !== undefined) this.status = status;
  }

  toFailure(): RunFailure {
    return this.status === undefined
      ? { kind: this.kind, reason: this.message }
      : { kind: this.kind, reason: this.message, status: this.status };
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Turns anything an agent's stream threw into a readable failure. */
export function toRunFailure(error: unknown): RunFailure {
  if (error instanceof RunFailureError) return error.toFailure();
  if (isAbortError(error)) return { kind: 'Transport', reason: 'The request was aborted.' };
  if (error instanceof SyntaxError) {
    return {
      kind: 'Protocol',
      reason: `The agent sent an event that is not valid JSON (${error.message}).`,
    };
  }
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    const message = error instanceof Error ? error.message : String(error);
    if (typeof status === 'number') {
      // @ag-ui/client's HttpAgent rejects with `HTTP <status>: <body>` and `.status`.
      return { kind: 'Transport', reason: message, status };
    }
    if (error instanceof TypeError) {
      return { kind: 'Transport', reason: `Network error: ${message}` };
    }
    if (error instanceof Error) {
      // The client's verification and schema errors describe protocol violations.
      return { kind: 'Protocol', reason: message };
    }
  }
  return { kind: 'Protocol', reason: String(error) };
}
