// The event pipeline, loaded on the first run: @ag-ui/client's stages, the patch engine, zod validators, and what
// only runs once a run is under way (its input, the tool runner, reattaching, reading failures, the stop POST).
import '../zod-setup.js';
import { CompatibilityBoundary, transformChunks, verifyEvents } from '@ag-ui/client';
import type { AbstractAgent } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { defer, map, Observable } from 'rxjs';
import untruncateJson from 'untruncate-json';
import { applyStateDelta } from '../state/index.js';
import { failWhenEmpty } from '../transport/empty-reply.js';
import { EndpointAgent, type EndpointAgentOptions } from '../transport/endpoint-agent.js';
import { RunFailureError } from '../transport/errors.js';
import { enforceEventsFast } from './enforce-fast.js';
import type { DeltaResult } from './reducer.js';
import { asOneRun } from './reattach.js';
import { replayScope, scopeServerIds, takenIds } from './server-ids.js';
export { reduceEvent } from './event-reducer.js';
export { buildRunInput } from './run-input.js';
export { ToolRunner } from './tool-runner.js';
export { toRunFailure } from '../transport/errors.js';
export { postStop } from '../transport/stop-post.js';
export { sideRun } from '../genui/mcp-apps/side-run.js';
import type { AgentLike, RunStorePlugin, RunStoreState } from './types.js';

const KNOWN_OUTCOMES = new Set(['success', 'interrupt', 'cancelled']);

/**
 * The client's schema stage strips outcomes it does not know and reads them as success, so the raw
 * event is checked first: an unknown outcome fails the run instead of completing it.
 */
function checkOutcome(event: BaseEvent): BaseEvent {
  if (event.type !== 'RUN_FINISHED') return event;
  const outcome = (event as { outcome?: unknown }).outcome;
  if (outcome === undefined || outcome === null) return event;
  const type = typeof outcome === 'object' ? (outcome as { type?: unknown }).type : outcome;
  if (typeof type !== 'string' || !KNOWN_OUTCOMES.has(type)) {
    throw RunFailureError.coded('Protocol', 'unsupportedOutcome', {
      outcome: JSON.stringify(type ?? outcome),
    });
  }
  return event;
}

interface ZodLikeIssue {
  readonly path?: readonly PropertyKey[];
  readonly message?: string;
}

/** Makes schema errors from the client's validation stage readable. */
function readableError(error: unknown): unknown {
  const issues = (error as { issues?: unknown })?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return error;
  const details = (issues as ZodLikeIssue[])
    .slice(0, 3)
    .map(
      (issue) =>
        `${(issue.path ?? []).map(String).join('.') || '(event)'}: ${issue.message ?? 'invalid'}`,
    )
    .join('; ');
  return RunFailureError.coded('Protocol', 'malformedEvent', { details });
}

/**
 * Runs an agent and passes its events through the client's compatibility, schema, chunk and order stages (the schema
 * stage with its fast path for streamed events, enforce-fast.ts).
 */
export function runThroughPipeline(
  agent: AgentLike,
  input: RunAgentInput,
  onRaw?: (raw: unknown) => void,
): Observable<BaseEvent> {
  const boundary = new CompatibilityBoundary();
  const seen = (event: BaseEvent) => {
    onRaw?.(event);
    return checkOutcome(event);
  };
  const next = {
    run: (runInput: RunAgentInput) => agent.run(runInput).pipe(failWhenEmpty(), map(seen)),
  };
  return defer(() => boundary.run(input, next as unknown as AbstractAgent)).pipe(
    enforceEventsFast(),
    transformChunks(false),
    verifyEvents(false),
    (source) =>
      new Observable<BaseEvent>((subscriber) =>
        source.subscribe({
          next: (event) => subscriber.next(event),
          error: (error: unknown) => subscriber.error(readableError(error)),
          complete: () => subscriber.complete(),
        }),
      ),
  );
}

/**
 * A run's events with the store's ids: a server's id holds within one of its runs only, so the store's own replace
 * the ones it reuses (server-ids.ts). `replay` (reattaching): the connect stream skips what the conversation holds
 * and becomes one run, counting the events it passed.
 */
export function withStoreIds(
  events: Observable<BaseEvent>,
  state: RunStoreState,
  runId: string,
  replay: { count: number } | false,
): Observable<BaseEvent> {
  if (replay) return events.pipe(scopeServerIds(replayScope(state, runId)), asOneRun(replay));
  return events.pipe(scopeServerIds({ runId, taken: takenIds(state) }));
}

export function applyDelta(document: unknown, operations: unknown): DeltaResult {
  return applyStateDelta(document, operations);
}

export function parsePartialJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(untruncateJson(text)) as unknown;
  } catch {
    return undefined;
  }
}

/** Loads every plugin's validator and combines them: each validates its key when the key changed. */
export async function loadStateValidator(
  plugins: readonly RunStorePlugin[],
): Promise<(candidate: unknown, previous: unknown) => string | null> {
  const validators = await Promise.all(
    plugins
      .filter((plugin) => plugin.stateKey && plugin.loadValidator)
      .map(async (plugin) => ({
        key: plugin.stateKey as string,
        validate: await (plugin.loadValidator as NonNullable<RunStorePlugin['loadValidator']>)(),
      })),
  );
  return (candidate, previous) => {
    const next = (candidate ?? {}) as Record<string, unknown>;
    const before = (previous ?? {}) as Record<string, unknown>;
    for (const { key, validate } of validators) {
      if (!(key in next) || next[key] === before[key]) continue;
      const problem = validate(next[key], before[key]);
      if (problem) return problem;
    }
    return null;
  };
}

export function createEndpointAgent(options: EndpointAgentOptions): AgentLike {
  return new EndpointAgent(options);
}
