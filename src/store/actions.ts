// The actions the reducer understands: AG-UI events of the active run and the store's own commands.
import type { BaseEvent } from '@ag-ui/core';
import type { ActivityCode, ActivityParams } from './activity.js';
import type { ChannelAction } from '../channel/reducer.js';
import type {
  ApprovalAnswer,
  PersistenceView,
  RunStoreState,
  AttachmentPart,
  CancelCause,
  CapabilitiesSlice,
  MessageFeedback,
  RunFailure,
  RunKind,
  RunStorePlugin,
  ToolCallStatus,
} from './types.js';

export interface AgentEventAction {
  readonly type: 'agent-event';
  readonly event: BaseEvent;
  readonly at: number;
}

export interface MessageAddedAction {
  readonly type: 'message-added';
  readonly id: string;
  readonly text: string;
  /** Files sent after the text, in order. */
  readonly attachments?: readonly AttachmentPart[];
  readonly at: number;
}

/** The agent's answer to `getCapabilities()` (or that asking failed). */
export interface CapabilitiesSetAction {
  readonly type: 'capabilities-set';
  readonly capabilities: CapabilitiesSlice;
}

export interface RunRequestedAction {
  readonly type: 'run-requested';
  readonly kind: RunKind;
  readonly number: number;
  readonly runId: string;
  readonly scenario: string | null;
  /** The input carried the current agent state, so a delta may patch it. */
  readonly sentState: boolean;
  /** Whether this run was started by a person (resets the follow-up count). */
  readonly byUser: boolean;
  readonly at: number;
}

export interface RunCancelledAction {
  readonly type: 'run-cancelled';
  readonly cause: CancelCause;
  readonly at: number;
}

export interface RunFailedAction {
  readonly type: 'run-failed';
  readonly failure: RunFailure;
  /** Fails a run that already completed (the follow-up limit). */
  readonly afterCompletion?: boolean;
  readonly at: number;
}

/** The event stream completed; a run that is still open then failed. */
export interface StreamEndedAction {
  readonly type: 'stream-ended';
  readonly at: number;
}

export interface ToolAnsweredAction {
  readonly type: 'tool-answered';
  readonly toolCallId: string;
  readonly content: string;
  readonly status: Extract<ToolCallStatus, 'done' | 'failed' | 'denied' | 'cancelled'>;
  readonly error?: string;
  readonly at: number;
}

export interface ApprovalAnsweredAction {
  readonly type: 'approval-answered';
  readonly id: string;
  readonly answer: ApprovalAnswer;
  readonly at: number;
}

export interface ViewSetAction {
  readonly type: 'view-set';
  readonly pluginId: string;
  readonly view: unknown;
}

export interface PluginAddedAction {
  readonly type: 'plugin-added';
  readonly plugin: RunStorePlugin;
}

export interface ResetAction {
  readonly type: 'reset';
  readonly threadId: string;
  readonly at: number;
}

/** Regenerate: drop everything after the last user message. */
export interface AnswerDiscardedAction {
  readonly type: 'answer-discarded';
  readonly at: number;
}

export interface ActivityLoggedAction {
  readonly type: 'activity-logged';
  readonly code: ActivityCode;
  readonly params?: ActivityParams;
  readonly at: number;
}

/** A saved or another tab's copy of a conversation takes the place of this one (already checked). */
export interface StateReplacedAction {
  readonly type: 'state-replaced';
  readonly state: RunStoreState;
}

export interface PersistenceSetAction {
  readonly type: 'persistence-set';
  readonly persistence: PersistenceView;
}

/** The run that was in flight when the page closed continues from the connect stream. */
export interface ReattachRequestedAction {
  readonly type: 'reattach-requested';
  readonly runId: string;
  readonly at: number;
}

/** Edit or Regenerate: what follows `after` (null: everything) becomes the previous version. */
export interface BranchStartedAction {
  readonly type: 'branch-started';
  readonly after: string | null;
}

export interface VersionSelectedAction {
  readonly type: 'version-selected';
  readonly after: string | null;
  readonly index: number;
}

export interface FeedbackSetAction {
  readonly type: 'feedback-set';
  readonly messageId: string;
  readonly feedback: MessageFeedback | null;
}

/** A person's edits to an A2UI surface's data model (null clears them). */
export interface A2uiEditedAction {
  readonly type: 'a2ui-edited';
  readonly messageId: string;
  readonly surfaceId: string;
  readonly edits: Readonly<Record<string, unknown>> | null;
}

export type StoreAction =
  | AgentEventAction
  | MessageAddedAction
  | RunRequestedAction
  | RunCancelledAction
  | RunFailedAction
  | StreamEndedAction
  | ToolAnsweredAction
  | ApprovalAnsweredAction
  | ViewSetAction
  | PluginAddedAction
  | ResetAction
  | AnswerDiscardedAction
  | ActivityLoggedAction
  | StateReplacedAction
  | PersistenceSetAction
  | ReattachRequestedAction
  | CapabilitiesSetAction
  | ChannelAction
  | BranchStartedAction
  | VersionSelectedAction
  | FeedbackSetAction
  | A2uiEditedAction;
