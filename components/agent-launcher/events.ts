// The events <agent-launcher> fires when a person opens or closes its panel; a host page may veto either.

export interface LauncherToggleDetail {
  /** Whether the panel is (or was) the full-screen modal one (480 px wide and below). */
  readonly modal: boolean;
}

/** A person is opening the panel (the button, or the page's own control through a click). Cancelable. */
export class LauncherOpenEvent extends CustomEvent<LauncherToggleDetail> {
  static readonly eventName = 'launcher-open';

  constructor(detail: LauncherToggleDetail) {
    super(LauncherOpenEvent.eventName, { bubbles: true, composed: true, cancelable: true, detail });
  }
}

/** A person is closing the panel (the button, Close chat or Escape). Cancelable: the panel then stays open. */
export class LauncherCloseEvent extends CustomEvent<LauncherToggleDetail> {
  static readonly eventName = 'launcher-close';

  constructor(detail: LauncherToggleDetail) {
    super(LauncherCloseEvent.eventName, {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail,
    });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'launcher-open': LauncherOpenEvent;
    'launcher-close': LauncherCloseEvent;
  }
}
