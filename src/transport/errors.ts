// Run failures with a kind and a sentence a person can read: what a running stream threw (loaded with the pipeline).
import {
  codedFailure,
  failureSentence,
  type FailureCode,
  type FailureParams,
} from '../i18n/failures.js';
import type { FailureKind, RunFailure } from '../store/types.js';

/** An error that carries the failure a run should end with. */
export class RunFailureError extends Error {
  readonly kind: FailureKind;
  readonly status?: number;
  readonly code?: FailureCode;
  readonly params?: FailureParams;

  constructor(kind: FailureKind, reason: string, status?: number) {
    super(reason);
    this.name = 'RunFailureError';
    this.kind = kind;
    if (status !== undefined) this.status = status;
  }

  /** A failure whose sentence the store composed, by code (its English reason is the message). */
  static coded(
    kind: FailureKind,
    code: FailureCode,
    params: FailureParams = {},
    status?: number,
  ): RunFailureError {
    const error = new RunFailureError(kind, failureSentence(code, params), status);
    Object.assign(error, { code, params });
    return error;
  }

  toFailure(): RunFailure {
    const failure: RunFailure = { kind: this.kind, reason: this.message };
    return {
      ...failure,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.code === undefined ? {} : { code: this.code, params: this.params ?? {} }),
    };
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Turns anything an agent's stream threw into a readable failure. */
export function toRunFailure(error: unknown): RunFailure {
  if (error instanceof RunFailureError) return error.toFailure();
  if (isAbortError(error)) return codedFailure('Transport', 'aborted');
  if (error instanceof SyntaxError) {
    return codedFailure('Protocol', 'invalidJson', { message: error.message });
  }
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    const message = error instanceof Error ? error.message : String(error);
    if (typeof status === 'number') {
      // @ag-ui/client's HttpAgent rejects with `HTTP <status>: <body>` and `.status`.
      const http = /^HTTP (\d+): ([\s\S]*)$/.exec(message);
      return http && Number(http[1]) === status
        ? codedFailure('Transport', 'httpStatus', { status, message: http[2] ?? '' }, status)
        : { kind: 'Transport', reason: message, status };
    }
    if (error instanceof TypeError) {
      return codedFailure('Transport', 'networkError', { reason: message });
    }
    if (error instanceof Error) {
      // The client's verification and schema errors describe protocol violations.
      return { kind: 'Protocol', reason: message };
    }
  }
  return { kind: 'Protocol', reason: String(error) };
}
