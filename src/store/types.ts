// The run store's data model: run state, messages and parts, approvals, artifacts, plugins and tools.
import type { FailureCode, FailureParams } from '../i18n/failures.js';
import type { AgentCapabilities, BaseEvent, Context, RunAgentInput, Tool } from '@ag-ui/core';
import type { Observable } from 'rxjs';
import type { HeldArtifact } from './held-renders.js';
import type { ChannelInfo, ChannelOptions } from '../channel/types.js';

/** The run states a person sees, named as the UI names them. */
export type RunStatus =
  'Idle' | 'Connecting' | 'Streaming' | 'Needs approval' | 'Completed' | 'Cancelled' | 'Failed';

/** Why a run started: a scenario Run, a chat Send, Recover, an automatic follow-up, an approval resume… */
export type RunKind =
  | 'scenario'
  | 'chat'
  | 'recover'
  | 'follow-up'
  | 'resume'
  | 'retry'
  | 'regenerate'
  | 'reattach'
  /** A person's action on an A2UI surface (`forwardedProps.a2uiAction`, no new user message). */
  | 'a2ui-action';

/** Who cancelled a run. */
/** Who cancelled a run; `page-closed`: a restored run that no live request could continue. */
export type CancelCause = 'user' | 'agent' | 'disposed' | 'reset' | 'page-closed';

/** What kind of failure ended a run. `Agent` is a RUN_ERROR the agent reported itself. */
export type FailureKind = 'Protocol' | 'Transport' | 'Agent';

export interface RunFailure {
  readonly kind: FailureKind;
  /** A sentence a person can read, e.g. `HTTP 413: Request body is larger than 64 KiB`. */
  readonly reason: string;
  /** The HTTP status when the failure came from an HTTP reply. */
  readonly status?: number;
  /** Which sentence the store composed (absent for what an agent reported itself): elements say it from this. */
  readonly code?: FailureCode;
  /** The values of that sentence (a server's or the browser's own words pass through as sent). */
  readonly params?: FailureParams;
}

export interface RunInfo {
  readonly status: RunStatus;
  /** Counts the runs of this conversation (0 before the first run); the run id is random, unique across stores. */
  readonly number: number;
  readonly id: string | null;
  readonly kind: RunKind | null;
  /** `forwardedProps.scenario` of a scenario run, else null. */
  readonly scenario: string | null;
  readonly cause: CancelCause | null;
  readonly failure: RunFailure | null;
  /** Automatic follow-up runs in a row without a user action. */
  readonly followUps: number;
}

export type ToolCallStatus =
  'streaming' | 'running' | 'awaiting-approval' | 'done' | 'failed' | 'denied' | 'cancelled';

/** Workflow tools are the agent's own; presentation tools only move the stage; render tools show artifacts. */
export type ToolFamily = 'workflow' | 'frontend' | 'presentation' | 'render';

export interface TextPart {
  readonly kind: 'text';
  readonly text: string;
}

export interface ReasoningPart {
  readonly kind: 'reasoning';
  readonly text: string;
}

export interface ToolCallPart {
  readonly kind: 'tool-call';
  /** Unique in the store: the server's id, or `<serverId>#<runId>` when a later run reused it. */
  readonly id: string;
  /** The server's id, when it differs from `id` (what the wire carries). */
  readonly serverId?: string;
  readonly name: string;
  readonly family: ToolFamily;
  /** The raw argument text as streamed so far. */
  readonly argsText: string;
  /** The arguments parsed so far (partial while streaming), or undefined when nothing parses yet. */
  readonly args: unknown;
  readonly status: ToolCallStatus;
  /** The result content, from the agent's TOOL_CALL_RESULT or from this client's handler. */
  readonly result?: string;
  /** The id of the tool message that carries the result. */
  readonly resultMessageId?: string;
  /** Why the call failed, when it did. */
  readonly error?: string;
  /** Whether this client answered the call (then the answer goes back to the agent in the next run). */
  readonly answeredByClient?: boolean;
  /** Whether this client's answer still has to reach the agent. */
  readonly answerPending?: boolean;
}

/** A `ui_render` artifact where it arrived in the conversation (the record is in `state.artifacts`). */
export interface ArtifactPart {
  readonly kind: 'artifact';
  readonly artifactId: string;
}

/** An approval where it was asked, with its answer once given: the conversation's record of it. */
export interface ApprovalPart {
  readonly kind: 'approval';
  readonly approval: Approval;
}

export interface ErrorPart {
  readonly kind: 'error';
  readonly failure: RunFailure;
}

/** Which AG-UI 1.0 media part an attachment travels as (`ImagePart`, `AudioPart`, `VideoPart`, `DocumentPart`). */
export type AttachmentMedia = 'image' | 'audio' | 'video' | 'document';

/** Where an attachment's bytes are: inline base64 (`data`), a URL, or a provider's handle (`file`, never fetched). */
export interface AttachmentSource {
  readonly type: 'data' | 'url' | 'file';
  /** `data`: the plain base64 of the bytes (no `data:` prefix); `url`: the URL; `file`: the handle. */
  readonly value: string;
  readonly mimeType?: string;
}

/** A file a person sent (or a media part of a snapshot's user message): plain data, so a JSON round trip keeps it. */
export interface AttachmentPart {
  readonly kind: 'attachment';
  readonly media: AttachmentMedia;
  /** The file name, sent as the part's `metadata.filename`. */
  readonly name: string;
  readonly mimeType: string;
  /** The file's size in bytes (0 when unknown). */
  readonly size: number;
  /** Absent when a saved copy left the bytes out (see `omitted`). */
  readonly source?: AttachmentSource;
  /** The URL came from the host's own `uploadAttachment` hook (the host's consent to load it). */
  readonly uploaded?: boolean;
  /** The saved copy kept only the name and size (the thread's attachment budget was spent). */
  readonly omitted?: boolean;
}

/** What a subagent's block says of it: running, waiting (finished with a `suspended` outcome), done or failed. */
export type SubagentStatus = 'running' | 'waiting' | 'done' | 'failed';

/** A subagent invocation inside the parent's reply, with its own messages (text, reasoning, tool calls, subagents). */
export interface SubagentPart {
  readonly kind: 'subagent';
  /** The invocation's `subagentRunId`. */
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly status: SubagentStatus;
  /** Why it failed (SUBAGENT_ERROR's message and code). */
  readonly error?: string;
  /** Milliseconds since the epoch (the store's clock) when it started and when its segment ended. */
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly messages: readonly ChatMessage[];
}

export type MessagePart =
  | TextPart
  | ReasoningPart
  | ToolCallPart
  | ArtifactPart
  | ApprovalPart
  | ErrorPart
  | AttachmentPart
  | SubagentPart;

export type MessageRole = 'user' | 'assistant' | 'system' | 'developer' | 'reasoning' | 'activity';

export interface ChatMessage {
  /** Unique in the store: the server's id, or `<serverId>#<runId>` when a later run reused it. */
  readonly id: string;
  /** The server's id, when it differs from `id` (what the wire carries). */
  readonly serverId?: string;
  readonly role: MessageRole;
  readonly parts: readonly MessagePart[];
  /** True while the agent is still streaming into this message. */
  readonly streaming: boolean;
  /** True when the user stopped the run while this message streamed. */
  readonly stopped?: boolean;
  /** The run that produced the message (0 for messages the host or user added). */
  readonly run: number;
  /** The id of the run that produced it, when the store knows it. */
  readonly runId?: string;
  /** For role `activity`: its type and structured content. */
  readonly activityType?: string;
  readonly activityContent?: Readonly<Record<string, unknown>>;
  /**
   * For an `a2ui-surface` activity: the person's edits to each surface's data model, by surface id then JSON Pointer
   * path (saved with the thread; the values of `obscured` text fields never are).
   */
  readonly a2uiEdits?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Why the activity's latest snapshot was refused (its content stays the last accepted one). */
  readonly activityRefused?: string;
}

/** A person's action on an A2UI surface, as `@ag-ui/a2ui-middleware` reads it from `forwardedProps.a2uiAction`. */
export interface A2uiUserAction {
  readonly name: string;
  readonly surfaceId: string;
  readonly sourceComponentId: string;
  readonly context: Readonly<Record<string, unknown>>;
  /** ISO 8601. */
  readonly timestamp: string;
}

export type ApprovalKind = 'interrupt' | 'legacy' | 'tool';

export interface ApprovalAnswer {
  readonly approved: boolean;
  readonly comment?: string;
  /** True when the store answered it because the user moved on (a new Run or Send). */
  readonly cancelled?: boolean;
}

export interface Approval {
  readonly id: string;
  readonly kind: ApprovalKind;
  readonly reason: string;
  readonly message?: string;
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly expiresAt?: string;
  readonly responseSchema?: Readonly<Record<string, unknown>>;
  /** The legacy `on_interrupt` value, carried as sent. */
  readonly value?: unknown;
  readonly run: number;
  readonly answer: ApprovalAnswer | null;
}

export interface Artifact {
  readonly id: string;
  /** `channel`: a page-level artifact from the store's channel, outside any run (run 0). */
  readonly source: 'tool-call' | 'ui_render' | 'channel';
  /** `render_signal_chart` for tool calls; the `component` name for `ui_render` and the channel. */
  readonly name: string;
  readonly props: unknown;
  /** False while a render tool call's arguments still stream. */
  readonly complete: boolean;
  readonly toolCallId?: string;
  readonly messageId?: string;
  readonly agent?: string;
  readonly turnId?: string;
  /** The cell a channel message named beside its props (`data.cell_id`), as text. */
  readonly cellId?: string;
  readonly run: number;
}

export interface ActivityEntry {
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** The sentence in English (the default words for its code). */
  readonly text: string;
  /** What kind of entry it is (see ACTIVITY_TEXT), so a page can put it in its own words. */
  readonly code?: string;
  /** The values its sentence names. */
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface AgentStateSlice {
  /** The last valid agent state (validated by the plugins that own its keys). */
  readonly value: Readonly<Record<string, unknown>>;
  /** Whether the active run delivered its own baseline (a snapshot, or the state its input sent). */
  readonly runHasSnapshot: boolean;
  /** How many snapshots and deltas were accepted in total. */
  readonly accepted: number;
}

export interface PredictStateEntry {
  readonly stateKey: string;
  readonly tool: string;
  readonly toolArgument?: string;
}

/** One version of the conversation from a branch point on, with the branch points inside it. */
export interface BranchVersion {
  readonly messages: readonly ChatMessage[];
  readonly branches: readonly BranchPoint[];
  /** The artifacts and approvals of this version's runs, out of `state` while another version shows. */
  readonly artifacts?: readonly Artifact[];
  readonly approvals?: readonly Approval[];
  /** The run that waits for this version's open approvals (answerable again if no run happened since). */
  readonly paused?: number;
}

/**
 * Where the conversation has versions: after the message `after` (null: from the start). The current version is
 * `state.messages` from there on, so its slot in `versions` is null (never a second copy).
 */
export interface BranchPoint {
  readonly after: string | null;
  readonly current: number;
  readonly versions: readonly (BranchVersion | null)[];
}

export type FeedbackValue = 'good' | 'bad';

/** A person's rating of a finished answer; never sent to the agent. */
export interface MessageFeedback {
  readonly value: FeedbackValue;
  readonly comment?: string;
}

export interface RunStoreState {
  readonly threadId: string;
  readonly run: RunInfo;
  /** The current branch of the conversation. */
  readonly messages: readonly ChatMessage[];
  /** The other versions of the conversation, beside the current one (see BranchPoint). */
  readonly branches: readonly BranchPoint[];
  /** Feedback by message id. */
  readonly feedback: Readonly<Record<string, MessageFeedback>>;
  readonly agentState: AgentStateSlice;
  /** View state per plugin id (filter, selection…): never sent to the agent. */
  readonly view: Readonly<Record<string, unknown>>;
  readonly artifacts: readonly Artifact[];
  /** Approvals of the current turn: open, or answered and not yet sent (their record stays in the messages). */
  readonly approvals: readonly Approval[];
  /** The 12 newest entries, newest last. */
  readonly activity: readonly ActivityEntry[];
  /** Active `PredictState` mappings of the current run. */
  readonly predictState: readonly PredictStateEntry[];
  /** The step the agent is in, if it names one. */
  readonly step: string | null;
  /** The store's channel outside runs (null: none). Never saved. */
  readonly channel: ChannelInfo | null;
  /**
   * The last run of this thread that came from storage (a restored or switched-to thread), 0 or absent when none did:
   * a message of a later run arrived live on this page. Never saved.
   */
  readonly restoredThrough?: number;
  /** What the agent said it can do (`getCapabilities()`), asked on first use; absent until then. */
  readonly capabilities?: CapabilitiesSlice;
  /** Saved threads (with `persist`): where saving stands, a note when it failed, the thread list. Never saved. */
  readonly persistence?: PersistenceView;
  /** `ui_render` artifacts waiting for a streaming render call they may twin (shown once it completes, unless equal). */
  readonly heldArtifacts?: readonly HeldArtifact[];
}

/** The agent's answer to `getCapabilities()`: `unknown` before it was asked (or when it cannot be). */
export interface CapabilitiesSlice {
  readonly status: 'unknown' | 'loading' | 'known' | 'failed';
  readonly value: AgentCapabilities | null;
}

/** A saved thread as the thread list shows it. */
export interface SavedThreadSummary {
  readonly threadId: string;
  readonly title: string;
  /** Milliseconds since the epoch. */
  readonly savedAt: number;
}

/** What a store with saved threads shows of its storage. */
export interface PersistenceView {
  readonly mode: 'session' | 'local';
  /** `loading`: reading the saved thread; `unavailable`: this page cannot use the browser storage. */
  readonly status: 'loading' | 'ready' | 'unavailable';
  /** A short sentence for the person when the saved conversation could not be restored or saved, else null. */
  readonly note: string | null;
  /** The provider's saved threads, newest first. */
  readonly threads: readonly SavedThreadSummary[];
  /** Another tab moved this thread on while this one was streaming: offer to load it. */
  readonly continuedElsewhere: boolean;
}

/** Anything that can run: every @ag-ui/client agent, the replay agent, a host's own object. */
export interface AgentLike {
  run(input: RunAgentInput): Observable<BaseEvent>;
  abortRun?(): void;
  /** AG-UI 1.0: what the agent accepts and does (asked on first use, never at idle). */
  getCapabilities?(): Promise<AgentCapabilities>;
  /** A copy with its own abort controller (an @ag-ui/client agent): what side runs use. */
  clone?(): AgentLike;
}

export interface ToolContext {
  readonly store: RunStoreLike;
  readonly toolCallId: string;
}

/** A tool this client declares to the agent (`RunAgentInput.tools`) and answers itself. */
export interface ToolDefinition<Args = unknown> {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments. */
  readonly parameters?: Readonly<Record<string, unknown>>;
  /**
   * Runs when the call's arguments have arrived (after approval if it needs one). Its return value,
   * JSON-encoded unless already a string, is the tool's answer; a throw answers with an error.
   */
  readonly handler?: (args: Args, context: ToolContext) => unknown;
  /** The call waits for Approve or Deny before the handler runs. */
  readonly needsApproval?: boolean;
  /**
   * With `needsApproval`: on Approve, send the handler's result alone as the tool message (what a tool without
   * consent sends), instead of `{"approved":true,"result":…}`. Deny still sends `{"approved":false…}`.
   */
  readonly resultAlone?: boolean;
  /**
   * A presentation tool only moves the stage (focus, filter): it applies at once and never
   * starts a follow-up run; its answer rides along with the next run.
   */
  readonly presentation?: boolean;
  /** A render tool shows an artifact; answered "rendered" like a presentation tool. */
  readonly render?: boolean;
}

/** The store's view of a plugin: it owns one key of the agent state and some view state. */
export interface RunStorePlugin<View = unknown> {
  readonly id: string;
  /** The key of the agent state this plugin validates, e.g. `services`. */
  readonly stateKey?: string;
  /**
   * Loads the validator for the key (lazily, so zod loads with the first run). Returns null when
   * the value is valid, else a reason. `previous` is the key's value before (the last valid state's), so a
   * validator may check only what changed, as long as it trusts only values it found valid itself.
   */
  readonly loadValidator?: () => Promise<(value: unknown, previous: unknown) => string | null>;
  readonly initialView?: View;
  /** Makes the view consistent with new agent state (e.g. drops a selection that disappeared). */
  reconcileView?(view: View, agentState: Readonly<Record<string, unknown>>): View;
  readonly tools?: readonly ToolDefinition[];
  /** View data derived from the run and its validated state (e.g. a per-run baseline); never sent to the agent. */
  readonly derivedViews?: readonly DerivedView[];
}

/** View data a plugin derives from the store's state, kept in `state.view` under its own id. */
export interface DerivedView<Value = unknown> {
  /** Its key in `state.view`, e.g. `analysis-baseline`. */
  readonly id: string;
  /**
   * Called when a run starts and after each agent event that changed the run or the agent state; returns
   * `current` (undefined before the first call) when nothing changed.
   */
  derive(current: Value | undefined, state: RunStoreState): Value | undefined;
}

/** What a tool handler may use of the store. */
export interface RunStoreLike {
  getState(): RunStoreState;
  setView(pluginId: string, update: (view: unknown) => unknown): void;
}

/** What `send` takes besides the text. */
export interface SendOptions {
  /** Files to send after the text, in order (read or uploaded already: plain data, no File objects). */
  readonly attachments?: readonly AttachmentPart[];
}

export interface RunOptions {
  /** The scenario, sent as `forwardedProps.scenario`. */
  readonly scenario?: string;
  /** Extra forwarded props. */
  readonly forwardedProps?: Readonly<Record<string, unknown>>;
}

export interface RunStoreOptions {
  readonly agent?: AgentLike;
  readonly threadId?: string;
  /** Send the current agent state in each run's input (then a delta may patch what was sent). */
  readonly sendState?: boolean;
  readonly context?: readonly Context[];
  /** Maximum automatic follow-up runs in a row (default 3). */
  readonly maxFollowUps?: number;
  /** The clock, for tests. */
  readonly now?: () => number;
  /**
   * A saved state (`JSON.parse(JSON.stringify(store.getState()))`) to start from. It is checked like any input: a
   * record that does not fit starts an empty conversation with a note in the activity log. A run that needed a live
   * request (Connecting, Streaming) comes back Cancelled with cause `page-closed`.
   */
  readonly restore?: unknown;
  /** A channel that delivers artifacts outside runs (WebSocket or SSE GET). */
  readonly channel?: ChannelOptions;
}

export type DeclaredTool = Tool;
