// The event <agent-chat> fires before it sends a message: a host page may rewrite the text or veto the send.

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

declare global {
  interface GlobalEventHandlersEventMap {
    'message-send': MessageSendEvent;
  }
}
