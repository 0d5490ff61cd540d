// The typed DOM events of the artifact elements: data loaded or failed, an alert dismissed, a work order printed.

const base = { bubbles: true, composed: true } as const;

export interface ArtifactLoadDetail {
  /** What was loaded: `signal 1 over 24 hours`, `work order WO-1001`… */
  readonly what: string;
}

/** An artifact finished loading the data its props point at. */
export class ArtifactLoadEvent extends CustomEvent<ArtifactLoadDetail> {
  static readonly eventName = 'artifact-load';

  constructor(detail: ArtifactLoadDetail) {
    super(ArtifactLoadEvent.eventName, { ...base, detail });
  }
}

export interface ArtifactErrorDetail {
  readonly what: string;
  /** Why, as the element shows it (`HTTP 404: Unknown signal definition 9…`). */
  readonly reason: string;
}

/** An artifact could not load its data; it shows the reason and a Retry button. */
export class ArtifactErrorEvent extends CustomEvent<ArtifactErrorDetail> {
  static readonly eventName = 'artifact-error';

  constructor(detail: ArtifactErrorDetail) {
    super(ArtifactErrorEvent.eventName, { ...base, detail });
  }
}

export interface AlertDismissDetail {
  readonly anomalyId: string | null;
  readonly severity: string | null;
}

/** A person dismissed an alert banner. Cancelable: `preventDefault()` keeps it on screen. */
export class AlertDismissEvent extends CustomEvent<AlertDismissDetail> {
  static readonly eventName = 'alert-dismiss';

  constructor(detail: AlertDismissDetail) {
    super(AlertDismissEvent.eventName, { ...base, cancelable: true, detail });
  }
}

export interface WorkOrderPrintDetail {
  readonly workOrderId: string;
}

/** A person pressed Print on a work order. Cancelable: `preventDefault()` prints nothing (the host prints its own). */
export class WorkOrderPrintEvent extends CustomEvent<WorkOrderPrintDetail> {
  static readonly eventName = 'work-order-print';

  constructor(detail: WorkOrderPrintDetail) {
    super(WorkOrderPrintEvent.eventName, { ...base, cancelable: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'artifact-load': ArtifactLoadEvent;
    'artifact-error': ArtifactErrorEvent;
    'alert-dismiss': AlertDismissEvent;
    'work-order-print': WorkOrderPrintEvent;
  }
}
