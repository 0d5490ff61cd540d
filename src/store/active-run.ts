// The one active run of a store: its subscription, the host agent's AbortController, and how it ends.
import type { BaseEvent } from '@ag-ui/core';
import type { Observable, Subscription } from 'rxjs';
import type { AgentLike } from './types.js';

/** An HttpAgent (or one like it): aborted through its public `abortController`. */
export function isHttpAgentLike(
  agent: AgentLike,
): agent is AgentLike & { abortController: AbortController } {
  return 'abortController' in agent && 'url' in agent;
}

/** One run's live parts. Events are accepted only while it is the store's active run and not ended. */
export class ActiveRun {
  subscription: Subscription | null = null;
  ended = false;
  /** A host HttpAgent's own AbortController for this run. */
  abortController: AbortController | null = null;
  agent: AgentLike | null = null;

  constructor(readonly runId: string) {}

  /** Binds the agent that serves the run; an HttpAgent gets a fresh controller (after abortRun() it stays aborted). */
  attach(agent: AgentLike): void {
    this.agent = agent;
    if (isHttpAgentLike(agent)) {
      this.abortController = new AbortController();
      agent.abortController = this.abortController;
    }
  }

  /**
   * Reads the run's events: `event` for each while the run is current, `end` once when the stream errors (with
   * the error) or completes (with undefined) while it still is.
   */
  listen(
    stream: Observable<BaseEvent>,
    handlers: {
      isCurrent(): boolean;
      event(event: BaseEvent): void;
      end(error: unknown): void;
    },
  ): void {
    this.hold(
      stream.subscribe({
        next: (event) => {
          if (handlers.isCurrent()) handlers.event(event);
        },
        error: (error: unknown) => {
          if (handlers.isCurrent()) handlers.end(error ?? new Error('The stream failed.'));
        },
        complete: () => {
          if (handlers.isCurrent()) handlers.end(undefined);
        },
      }),
    );
  }

  /** Holds the subscription (ended already: it is closed at once). */
  hold(subscription: Subscription): void {
    this.subscription = subscription;
    if (this.ended) subscription.unsubscribe();
  }

  /** The run is over by itself: stop reading. */
  finish(): void {
    this.ended = true;
    this.subscription?.unsubscribe();
  }

  /**
   * The run reached its terminal event: the store stops acting on it, but the response may finish, so the server
   * sees a completed request. A body still open after `ms` is aborted; `finish()` (a new run) aborts it at once.
   */
  drain(ms: number): void {
    this.ended = true;
    const subscription = this.subscription;
    if (!subscription || subscription.closed) return;
    const timer = setTimeout(() => subscription.unsubscribe(), ms);
    subscription.add(() => clearTimeout(timer));
  }

  /** Whether the response is still open (draining after its terminal event). */
  get open(): boolean {
    return this.subscription !== null && !this.subscription.closed;
  }

  /**
   * The store ends the run: unsubscribing aborts the store's own requests; a host's agent is aborted through its
   * controller or `abortRun()` (never the store's own endpoint agent, whose fetch the unsubscribe already aborted).
   */
  abort(ownAgent: AgentLike | null): void {
    this.finish();
    if (this.abortController) this.abortController.abort();
    else if (this.agent && this.agent !== ownAgent) this.agent.abortRun?.();
  }
}
