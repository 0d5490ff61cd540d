// The typed DOM events the elements fire for host pages: one class per event, bubbling and composed.
import type { ServiceComparison } from '../../src/analysis/baseline.js';
import type { Service } from '../../src/analysis/types.js';
import type { CancelCause, RunFailure, RunKind, RunStatus } from '../../src/store/types.js';

const base = { bubbles: true, composed: true } as const;

export interface RunStartDetail {
  /** The run's number in its store (`run-<number>` is its id). */
  readonly run: number;
  readonly kind: RunKind | null;
  /** The scenario of a scenario run, else null. */
  readonly scenario: string | null;
}

/** A run started: a person pressed Run or Recover, sent a message, or answered an approval. */
export class RunStartEvent extends CustomEvent<RunStartDetail> {
  static readonly eventName = 'run-start';

  constructor(detail: RunStartDetail) {
    super(RunStartEvent.eventName, { ...base, detail });
  }
}

/** Who or what ended a run that did not complete: a store's cancel cause, or `replaced` by the next run. */
export type RunEndCause = CancelCause | 'replaced';

export interface RunEndDetail {
  readonly run: number;
  /** How the run ended. */
  readonly status: Extract<RunStatus, 'Completed' | 'Cancelled' | 'Failed' | 'Needs approval'>;
  /** Why a Cancelled run ended, else null. */
  readonly cause: RunEndCause | null;
  /** What went wrong in a Failed run, else null. */
  readonly failure: RunFailure | null;
}

/** A run ended: completed, cancelled, failed, or paused for approval. */
export class RunEndEvent extends CustomEvent<RunEndDetail> {
  static readonly eventName = 'run-end';

  constructor(detail: RunEndDetail) {
    super(RunEndEvent.eventName, { ...base, detail });
  }
}

export interface RunErrorDetail {
  readonly run: number;
  readonly failure: RunFailure;
}

/** A run failed; the detail carries the reason a person can read. Fires before `run-end`. */
export class RunErrorEvent extends CustomEvent<RunErrorDetail> {
  static readonly eventName = 'run-error';

  constructor(detail: RunErrorDetail) {
    super(RunErrorEvent.eventName, { ...base, detail });
  }
}

export interface AgentStateChangeDetail {
  /** The new, validated agent state. */
  readonly state: Readonly<Record<string, unknown>>;
  /** The run that delivered it. */
  readonly run: number;
}

/** The agent state changed: a snapshot or a delta was accepted. */
export class AgentStateChangeEvent extends CustomEvent<AgentStateChangeDetail> {
  static readonly eventName = 'agent-state-change';

  constructor(detail: AgentStateChangeDetail) {
    super(AgentStateChangeEvent.eventName, { ...base, detail });
  }
}

export interface ServiceSelectDetail {
  /** The service a person selected, or null when they cleared the selection. */
  readonly id: string | null;
  readonly service: Service | null;
  /** How the service compares with its run's first snapshot (null when the selection was cleared). */
  readonly comparison: ServiceComparison | null;
}

/** A selected service with its comparison (`<service-chart>`'s `selectedService`). */
export interface SelectedService {
  readonly id: string;
  readonly service: Service;
  readonly comparison: ServiceComparison;
}

/** A person selected (or cleared) a service. Cancelable: `preventDefault()` keeps the current selection. */
export class ServiceSelectEvent extends CustomEvent<ServiceSelectDetail> {
  static readonly eventName = 'service-select';

  constructor(detail: ServiceSelectDetail) {
    super(ServiceSelectEvent.eventName, { ...base, cancelable: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'run-start': RunStartEvent;
    'run-end': RunEndEvent;
    'run-error': RunErrorEvent;
    'agent-state-change': AgentStateChangeEvent;
    'service-select': ServiceSelectEvent;
  }
}
