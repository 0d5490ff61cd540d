// The events <agent-chat> fires before it sends something: a message (a host page may rewrite the text or veto the
// send) and a person's action on an A2UI surface (the page may handle it itself).

export interface MessageSendDetail {
  /** The message about to be sent. Writable: a listener may replace it (blank text sends nothing). */
  text: string;
}

/** A person is sending a message (Send, Enter or a preset prompt). Cancelable: `preventDefault()` keeps it unsent. */
export class MessageSendEvent extends CustomEvent<MessageSendDetail> {
  static readonly eventName = 'message-send';

  constructor(detail: MessageSendDetail) {
    super(MessageSendEvent.eventName, { bubbles: true, composed: true, cancelable: true, detail });
  }
}

/** A component action on an A2UI surface, with its context's bindings resolved. */
export interface A2uiActionDetail {
  readonly surfaceId: string;
  readonly name: string;
  readonly sourceComponentId: string;
  readonly context: Readonly<Record<string, unknown>>;
}

/**
 * A person acted on an A2UI surface (a Button's action). Cancelable: `preventDefault()` handles it in the page and
 * starts no run; otherwise the store runs the thread with `forwardedProps.a2uiAction = {userAction}`.
 */
export class A2uiActionEvent extends CustomEvent<A2uiActionDetail> {
  static readonly eventName = 'a2ui-action';

  constructor(detail: A2uiActionDetail) {
    super(A2uiActionEvent.eventName, { bubbles: true, composed: true, cancelable: true, detail });
  }
}

export interface McpOpenLinkDetail {
  /** The http(s) URL the app asked to open. */
  readonly url: string;
  /** The app's title. */
  readonly title: string;
}

/**
 * An MCP App asked to open a link (`ui/open-link`, http and https only). Cancelable: `preventDefault()` keeps it
 * (the app hears it was not opened); otherwise it opens in a new tab with `noopener,noreferrer`.
 */
export class McpOpenLinkEvent extends CustomEvent<McpOpenLinkDetail> {
  static readonly eventName = 'mcp-open-link';

  constructor(detail: McpOpenLinkDetail) {
    super(McpOpenLinkEvent.eventName, { bubbles: true, composed: true, cancelable: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'message-send': MessageSendEvent;
    'a2ui-action': A2uiActionEvent;
    'mcp-open-link': McpOpenLinkEvent;
  }
}
