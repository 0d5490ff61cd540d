// What the transcript's render modules read and call: the chat's view of the state, its strings and its actions.
import type { LocaleController } from '../shared/locale-controller.js';
import type { TemplateResult } from 'lit';
import type {
  Approval,
  Artifact,
  BranchPoint,
  MessageFeedback,
  ArtifactPart,
  CapabilitiesSlice,
  ChatMessage,
  PersistenceView,
  RunInfo,
  RunStoreState,
  ToolCallPart,
} from '../../src/store/types.js';
import { selectDisclosure } from '../shared/disclosure.js';
import type { AttachmentView } from './render-attachments.js';
import type { TranscriptRows } from './render-transcript.js';
import type { ConversationContext } from './conversation-controller.js';
import type { AgentChatStrings } from './strings.js';

/** The slice of the store's state the chat shows. */
export interface ChatView {
  readonly threadId: string;
  readonly run: RunInfo;
  readonly messages: readonly ChatMessage[];
  readonly branches: readonly BranchPoint[];
  readonly feedback: Readonly<Record<string, MessageFeedback>>;
  readonly approvals: readonly Approval[];
  readonly artifacts: readonly Artifact[];
  readonly disclosure: string | null;
  /** Saved threads: a note when saving or restoring failed, and whether another tab moved this thread on. */
  readonly persistence: PersistenceView | null;
  /** The agent's capabilities, once asked (they shape the composer's Attach files). */
  readonly capabilities?: CapabilitiesSlice | undefined;
  /** The last run that came from storage (its MCP Apps wait for Load app); 0 when none did. */
  readonly restoredThrough: number;
}

/** The chat's slice of the store's state (its StoreController compares it shallowly). */
export const selectChat = (state: RunStoreState): ChatView => ({
  threadId: state.threadId,
  run: state.run,
  messages: state.messages,
  branches: state.branches,
  feedback: state.feedback,
  approvals: state.approvals,
  artifacts: state.artifacts,
  disclosure: selectDisclosure(state),
  persistence: state.persistence ?? null,
  capabilities: state.capabilities,
  restoredThrough: state.restoredThrough ?? 0,
});

/** Everything a render module needs: what to show, and the element's handlers. */
export interface ChatContext extends ConversationContext {
  readonly text: AgentChatStrings;
  readonly view: ChatView;
  /** The message whose Copy button says "Copied". */
  readonly copiedKey: string | null;
  /** The message whose answer is being read aloud, and the one whose reading last failed. */
  readonly speakingId: string | null;
  readonly readNoteId: string | null;
  /** Bumped when something every message shows changes (strings, the artifact hook, markdown, a deadline). */
  readonly renderEpoch: number;
  /** The first message rendered (a long restored transcript fills in from the end). */
  readonly windowStart: number;
  /** This chat's last row of each message, reused while nothing of the row changed. */
  readonly rows: TranscriptRows;
  markdown(message: ChatMessage, partIndex: number, source: string): TemplateResult;
  /** An `a2ui-surface` activity message: its state in words, or its surfaces. */
  a2ui(message: ChatMessage): TemplateResult;
  /** An `mcp-apps` activity message: the app in its frame, or its state in words. */
  mcpApp(message: ChatMessage): TemplateResult;
  /** The host's or the registry's rendering of an artifact; undefined shows the default part. */
  artifact(
    part: ToolCallPart | ArtifactPart,
    message: ChatMessage | null,
    artifact?: Artifact,
  ): TemplateResult | undefined;
  commentId(approval: Approval): string;
  comment(approval: Approval): string;
  onComment(approval: Approval, event: Event): void;
  onApprove(approval: Approval): void;
  onDeny(approval: Approval): void;
  onRetry(): void;
  onNewThread(): void;
  onRegenerate(): void;
  onCopy(message: ChatMessage): void;
  /** Read aloud on an answer's last message (nothing when the browser cannot speak and the page set no `.speak`). */
  readAloud(message: ChatMessage): unknown;
  /** Sent attachments: strings, the remote-image consent and the image dialog. */
  readonly attachments: AttachmentView;
  /** The chat's language and direction (from the nearest `lang` and `dir`), for failures, times and plurals. */
  readonly locale: LocaleController;
}

/** Per-message facts that live outside the message object (they go into its render guard). */
export const CAN_REGENERATE = 1;
export const CAN_RETRY = 2;
export const COPIED = 4;
/** The last message of its run: it carries the run's actions (Copy, Regenerate). */
export const LAST_OF_RUN = 8;
/** Its run is still streaming, so a tool call without a result is still running. */
export const RUN_OPEN = 16;
/** Its answer is being read aloud (its button says Stop reading). */
export const SPEAKING = 32;
/** Its answer could not be read aloud (a note beside its button says why). */
export const READ_NOTE = 64;
