// The event <agent-chat> fires when a person rates an answer: a host page may forward it or veto the change.
import type { FeedbackValue } from '../../src/store/types.js';

export interface MessageFeedbackDetail {
  /** The rated assistant message: its id in the store (unique). */
  readonly messageId: string;
  /** The id the agent's server gave it (differs from `messageId` when a server reused it in a later run). */
  readonly serverMessageId: string;
  readonly threadId: string;
  /** The run that produced the message, when the store knows it. */
  readonly runId: string | null;
  /** The new rating, or null when the person took it back. */
  readonly value: FeedbackValue | null;
  /** The person's comment ('' when none). */
  readonly comment: string;
}

/**
 * A person changed their feedback on an answer (Good response, Bad response, or a comment). Nothing is sent to the
 * agent; `preventDefault()` keeps the previous feedback.
 */
export class MessageFeedbackEvent extends CustomEvent<MessageFeedbackDetail> {
  static readonly eventName = 'message-feedback';

  constructor(detail: MessageFeedbackDetail) {
    super(MessageFeedbackEvent.eventName, {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail,
    });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'message-feedback': MessageFeedbackEvent;
  }
}
