// The failure reasons the store composes, by code: the store keeps the English sentence as `reason` (saved threads and
// the event log read it) and the code and values beside it, so an element can say it in the page's language. What a
// server or an agent said itself (`{message}`, `{reason}` from the browser) is passed through as sent.
import type { FailureKind, RunFailure } from '../store/types.js';

/** The English sentence of each failure code; `{name}` placeholders are filled from `failure.params`. */
export const FAILURE_TEXT = {
  httpStatus: 'HTTP {status}: {message}',
  httpRefused: 'HTTP {status}: the server refused the request',
  networkError: 'Network error: {reason}',
  notEventStream:
    'Expected an event stream (text/event-stream), but the server replied with {contentType}.',
  noContentType:
    'Expected an event stream (text/event-stream), but the server replied with no content type.',
  noBody: 'The reply has no body.',
  connectionBroke: 'The connection broke: {reason}',
  noEvents:
    'The agent sent no events: the reply ended empty. The thread may still be busy on the server with an earlier run that was not stopped; try again when it has finished.',
  closedEarly: 'The connection closed before the run finished (no RUN_FINISHED or RUN_ERROR).',
  aborted: 'The request was aborted.',
  invalidJson: 'The agent sent an event that is not valid JSON ({message}).',
  malformedEvent: 'The agent sent a malformed event: {details}',
  unsupportedOutcome: 'Unsupported run outcome {outcome}.',
  firstEvent: 'The first event must be RUN_STARTED, but {type} arrived.',
  snapshotNotObject: 'The state snapshot is not a JSON object.',
  snapshotRejected: 'State snapshot rejected: {problem}',
  deltaBeforeSnapshot:
    "A state delta arrived before this run's snapshot; the last valid data is kept.",
  patchEngineMissing: 'The patch engine is not loaded.',
  patchRejected: 'State patch rejected: {problem}',
  patchNotObject: 'State patch rejected: the result is not a JSON object.',
  activityWithoutSnapshot: 'An activity delta names activity {id}, which has no snapshot.',
  activityPatchRejected: 'Activity patch rejected: {problem}',
  toolLoop: 'The agent kept calling tools: stopped after {limit} automatic follow-up runs.',
  noAgent: 'No agent: give the store an endpoint or an agent.',
  pipelineFailed: 'The event pipeline could not be loaded: {message}',
} as const;

/** A failure reason's code. */
export type FailureCode = keyof typeof FAILURE_TEXT;

/** The values a failure's sentence is filled from. */
export type FailureParams = Readonly<Record<string, string | number>>;

/** The English sentence of a code with its values (what the store keeps as `reason`). */
export function failureSentence(code: FailureCode, params: FailureParams = {}): string {
  return FAILURE_TEXT[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** A failure the store composed: its English `reason`, and the code and values an element says it from. */
export function codedFailure(
  kind: FailureKind,
  code: FailureCode,
  params: FailureParams = {},
  status?: number,
): RunFailure {
  const failure = { kind, reason: failureSentence(code, params), code, params };
  return status === undefined ? failure : { ...failure, status };
}

/** Whether a string is a failure code (a restored thread's failure may carry anything). */
export function isFailureCode(code: unknown): code is FailureCode {
  return typeof code === 'string' && Object.hasOwn(FAILURE_TEXT, code);
}
