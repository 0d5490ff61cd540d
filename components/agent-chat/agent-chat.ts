// <agent-chat>: the conversation with a run's agent — streamed markdown, tool calls, approvals — and its composer.
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { isRunOpen } from '../../src/store/reducer.js';
import type {
  Approval,
  Artifact,
  ArtifactPart,
  ChatMessage,
  ErrorPart,
  MessagePart,
  RunInfo,
  RunStoreState,
  ToolCallPart,
  ToolCallStatus,
  ToolFamily,
} from '../../src/store/types.js';
import { AguiElement } from '../shared/agui-element.js';
import { createArtifactRenderer } from '../shared/artifact-view.js';
import { selectDisclosure } from '../shared/disclosure.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { format, mergeStrings } from '../shared/strings.js';
import { agentChatStyles } from './agent-chat.styles.js';
import { MessageSendEvent } from './events.js';
import {
  activityIcon,
  approvalIcon,
  arrowDownIcon,
  checkIcon,
  chevronIcon,
  copyIcon,
  errorIcon,
  frontendIcon,
  newThreadIcon,
  presentationIcon,
  regenerateIcon,
  renderIcon,
  sendIcon,
  stopIcon,
  thinkingIcon,
  workflowIcon,
} from './icons.js';
import type * as MarkdownNamespace from './markdown.js';
import {
  type AnchoredApproval,
  type AnchoredArtifact,
  type AnchoredItems,
  TranscriptAnchors,
} from './transcript-anchors.js';
import {
  activitySummary,
  announcement,
  messageText,
  prettyArguments,
  prettyResult,
  reasoningText,
} from './transcript-text.js';

type MarkdownModule = typeof MarkdownNamespace;

/** Every visible string of `<agent-chat>`; `{…}` placeholders are filled in. */
export interface AgentChatStrings {
  readonly title: string;
  readonly newThread: string;
  readonly transcript: string;
  readonly emptyTitle: string;
  readonly emptyBody: string;
  readonly noStore: string;
  readonly you: string;
  readonly agent: string;
  readonly system: string;
  readonly message: string;
  readonly placeholder: string;
  readonly send: string;
  readonly stop: string;
  readonly suggestions: string;
  readonly hint: string;
  readonly working: string;
  readonly thinking: string;
  readonly thinkingLive: string;
  readonly copy: string;
  readonly copied: string;
  readonly copyCode: string;
  readonly code: string;
  readonly image: string;
  readonly copiedNotice: string;
  readonly copyUnavailable: string;
  readonly regenerate: string;
  readonly retry: string;
  readonly stopped: string;
  readonly stoppedBeforeReply: string;
  readonly cancelledByAgent: string;
  readonly jumpToLatest: string;
  readonly familyWorkflow: string;
  readonly familyFrontend: string;
  readonly familyPresentation: string;
  readonly familyRender: string;
  readonly noteWorkflow: string;
  readonly noteFrontend: string;
  readonly notePresentation: string;
  readonly noteRender: string;
  readonly statusStreaming: string;
  readonly statusRunning: string;
  readonly statusAwaitingApproval: string;
  readonly statusDone: string;
  readonly statusFailed: string;
  readonly statusDenied: string;
  readonly statusCancelled: string;
  readonly statusNoResult: string;
  readonly arguments: string;
  readonly noArguments: string;
  readonly result: string;
  readonly toolError: string;
  readonly approvalTitle: string;
  readonly approvalPaused: string;
  readonly approvalTool: string;
  readonly approvalRequest: string;
  readonly comment: string;
  readonly approve: string;
  readonly deny: string;
  readonly approved: string;
  readonly denied: string;
  readonly approvalCancelled: string;
  readonly yourComment: string;
  readonly expires: string;
  readonly expired: string;
  readonly sendCancelsApproval: string;
  readonly failedAgent: string;
  readonly failedTransport: string;
  readonly failedProtocol: string;
  readonly tooLong: string;
  readonly tooLongHint: string;
  readonly startNewThread: string;
  readonly activity: string;
  readonly artifact: string;
  readonly artifactFrom: string;
  readonly props: string;
  readonly announceReply: string;
  readonly announceDone: string;
  readonly announceApproval: string;
  readonly announceFailed: string;
  readonly announceStopped: string;
  readonly announceCancelled: string;
}

export const AGENT_CHAT_STRINGS: AgentChatStrings = {
  title: 'Conversation',
  newThread: 'New thread',
  transcript: 'Conversation',
  emptyTitle: 'Start a conversation',
  emptyBody:
    'Your messages go to the agent this page is connected to. Its replies, tool calls and approval requests appear here.',
  noStore: 'Not connected to a run.',
  you: 'You',
  agent: 'Agent',
  system: 'System',
  message: 'Message',
  placeholder: 'Message the agent…',
  send: 'Send',
  stop: 'Stop',
  suggestions: 'Suggestions',
  hint: 'Enter sends · Shift+Enter adds a line',
  working: 'The agent is working…',
  thinking: 'Thinking',
  thinkingLive: 'Thinking…',
  copy: 'Copy',
  copied: 'Copied',
  copyCode: 'Copy code',
  code: 'Code',
  image: 'Image: {alt}',
  copiedNotice: 'Copied to the clipboard.',
  copyUnavailable:
    'The clipboard is not available here: select the text and copy it with Ctrl+C (⌘C on a Mac).',
  regenerate: 'Regenerate',
  retry: 'Retry',
  stopped: 'Stopped',
  stoppedBeforeReply: 'Stopped before the agent replied.',
  cancelledByAgent: 'The agent cancelled the run.',
  jumpToLatest: 'Jump to latest',
  familyWorkflow: 'Workflow tool',
  familyFrontend: 'Page tool',
  familyPresentation: 'Presentation',
  familyRender: 'Artifact',
  noteWorkflow: "The agent's own tool: the result is what the agent reported.",
  noteFrontend: 'A tool of this page: it ran here and its answer goes back to the agent.',
  notePresentation: 'Presentation only: it moves the view and changes no data.',
  noteRender: 'Shows an artifact in the conversation.',
  statusStreaming: 'Receiving arguments',
  statusRunning: 'Running',
  statusAwaitingApproval: 'Waiting for approval',
  statusDone: 'Done',
  statusFailed: 'Failed',
  statusDenied: 'Denied',
  statusCancelled: 'Cancelled',
  statusNoResult: 'No result',
  arguments: 'Arguments',
  noArguments: 'No arguments yet.',
  result: 'Result',
  toolError: 'Error',
  approvalTitle: 'Approval needed',
  approvalPaused: 'The run is paused until you answer.',
  approvalTool: 'The tool {name} runs only if you approve.',
  approvalRequest: 'Approval request',
  comment: 'Comment (optional)',
  approve: 'Approve',
  deny: 'Deny',
  approved: 'You approved.',
  denied: 'You denied.',
  approvalCancelled: 'Cancelled: a new message moved the conversation on.',
  yourComment: 'Your comment: {comment}',
  expires: 'Answer before {time}.',
  expired: 'This request expired at {time}: it can no longer be approved.',
  sendCancelsApproval: 'Sending a message now cancels the open approval request.',
  failedAgent: 'The agent reported an error',
  failedTransport: 'The connection to the agent failed',
  failedProtocol: 'The agent sent something this page cannot use',
  tooLong: 'This conversation is too long for this agent.',
  tooLongHint: 'Start a new thread to continue.',
  startNewThread: 'Start a new thread',
  activity: 'Activity: {type}',
  artifact: 'Artifact: {name}',
  artifactFrom: 'from {agent}',
  props: 'Properties',
  announceReply: 'The agent replied: {text}',
  announceDone: 'The agent finished.',
  announceApproval: 'The agent asks for approval: {text}',
  announceFailed: 'The run failed: {reason}',
  announceStopped: 'Stopped. The partial answer is kept.',
  announceCancelled: 'The agent cancelled the run.',
};

/**
 * Renders a `render_*` tool call (or a `ui_render` artifact part) in place; `undefined` keeps the default tool part.
 * The artifact registry fills this in; `artifact` is the store's record of it when there is one.
 */
export type ArtifactRenderer = (
  part: ToolCallPart | ArtifactPart,
  message: ChatMessage | null,
  artifact?: Artifact,
) => TemplateResult | undefined;

interface ChatView {
  readonly threadId: string;
  readonly run: RunInfo;
  readonly messages: readonly ChatMessage[];
  readonly approvals: readonly Approval[];
  readonly artifacts: readonly Artifact[];
  readonly disclosure: string | null;
}

const selectChat = (state: RunStoreState): ChatView => ({
  threadId: state.threadId,
  run: state.run,
  messages: state.messages,
  approvals: state.approvals,
  artifacts: state.artifacts,
  disclosure: selectDisclosure(state),
});

/** Per-message facts that live outside the message object (they go into its render guard). */
const CAN_REGENERATE = 1;
const CAN_RETRY = 2;
const COPIED = 4;
/** The last message of its run: it carries the run's actions (Copy, Regenerate). */
const LAST_OF_RUN = 8;
/** Its run is still streaming, so a tool call without a result is still running. */
const RUN_OPEN = 16;

/** How close to the bottom (px) still counts as "at the latest message". */
const BOTTOM_SLACK = 24;
const COPIED_MS = 2000;
const TOAST_MS = 6000;

/** A list of prompts: a JSON array of strings, or one prompt per line. */
const promptsConverter = {
  fromAttribute(value: string | null): readonly string[] {
    if (!value?.trim()) return [];
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed = JSON.parse(trimmed) as unknown;
        if (Array.isArray(parsed)) return parsed.map(String).filter((item) => item.trim());
      } catch {
        // Not JSON after all: read it as lines.
      }
    }
    return trimmed
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  },
  toAttribute(value: readonly string[]): string {
    return JSON.stringify(value);
  },
};

/** Three pulsing dots: the agent is writing. */
const typing = html`<span class="typing" aria-hidden="true"
  ><span></span><span></span><span></span
></span>`;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The next animation frame, or a short timeout where frames do not come (a hidden tab). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(), 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function isExpired(approval: Approval, now: number): boolean {
  if (!approval.expiresAt) return false;
  const at = Date.parse(approval.expiresAt);
  return Number.isFinite(at) && at <= now;
}

function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    if (test(items[index] as T)) return index;
  }
  return -1;
}

/**
 * A chat with the agent of a run: the transcript (streamed markdown, reasoning, tool calls, approvals, errors) and a
 * composer. Fed by the shared run store; every action is a store command (send, cancel, retry, regenerate, reset,
 * approve, deny).
 *
 * Assistant text is rendered as sanitized markdown (marked + DOMPurify, loaded with the first assistant message);
 * everything else an agent sends is shown as text. Workflow, page, presentation and artifact tools are labelled
 * apart, so focus on the stage is never mistaken for evidence. `render_*` calls show as tool parts until
 * `renderArtifact` renders them.
 *
 * @tag agent-chat
 * @slot header - Replaces the title in the header bar (the New thread button stays).
 * @slot empty - Replaces the empty-state text shown before the first message.
 * @csspart base - The wrapper of everything.
 * @csspart header - The header bar.
 * @csspart new-thread-button - The New thread button.
 * @csspart disclosure - The run's disclosure sentence, above the transcript.
 * @csspart transcript - The scrolling conversation (`role="log"`).
 * @csspart empty - The empty state.
 * @csspart message - Every message row.
 * @csspart user-message - A message the person sent.
 * @csspart assistant-message - A message from the agent.
 * @csspart markdown - The rendered markdown of an answer.
 * @csspart reasoning - The collapsed Thinking disclosure.
 * @csspart tool-call - A tool call (expands to arguments, status and result).
 * @csspart approval - An approval request, or the record of its answer.
 * @csspart comment - The optional comment field of an approval.
 * @csspart approve-button - Approve.
 * @csspart deny-button - Deny.
 * @csspart error - A failed run, inline.
 * @csspart retry-button - Retry after a failure.
 * @csspart new-thread-inline-button - Start a new thread, offered when the conversation is too long (HTTP 413).
 * @csspart activity - An activity message or a `ui_render` artifact card.
 * @csspart actions - The actions under a message.
 * @csspart copy-button - Copy a message.
 * @csspart regenerate-button - Regenerate the last answer.
 * @csspart jump-button - Jump to latest.
 * @csspart composer - The composer.
 * @csspart prompts - The preset prompts.
 * @csspart prompt - One preset prompt button.
 * @csspart notice - A note above the input (an open approval, a copy that failed).
 * @csspart input - The Message textbox.
 * @csspart send-button - Send.
 * @csspart stop-button - Stop (in place of Send while a run streams).
 * @cssprop [--agui-chat-height=40rem] - The element's height; the transcript scrolls inside it.
 * @cssprop [--agui-chat-max-width=48rem] - The width of the conversation column.
 * @cssprop [--agui-chat-gap=var(--agui-space-l)] - Space between messages.
 * @cssprop [--agui-chat-padding=var(--agui-space-l)] - Padding around the transcript and composer.
 * @cssprop [--agui-chat-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-chat-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-chat-radius=var(--agui-radius)] - Corner radius of the element.
 * @cssprop [--agui-chat-user-background=var(--agui-color-surface-raised)] - The person's message bubbles.
 * @cssprop [--agui-chat-user-color=var(--agui-color-text)] - Text of the person's bubbles.
 * @cssprop [--agui-chat-code-background=var(--agui-color-surface-raised)] - Code blocks and tool parts.
 * @cssprop [--agui-chat-mono-font=ui-monospace, SFMono-Regular, Menlo, Consolas, monospace] - Code font.
 * @fires {MessageSendEvent} message-send - A person is sending a message; `detail.text` may be rewritten, `preventDefault()` keeps it unsent.
 */
export class AgentChat extends AguiElement {
  static override styles = [hostStyles, buttonStyles, agentChatStyles];

  private readonly state = new StoreController(this, selectChat, {
    equals: shallowEqual,
    // Every state, not only the rendered ones: an answer the store clears in the same tick still leaves a record.
    onChange: (view) => this.follow(view),
  });

  @query('.transcript') private readonly transcript!: HTMLElement | null;
  @query('textarea[part~="input"]') private readonly input!: HTMLTextAreaElement | null;

  /** The composer's text. */
  @state() private draft = '';
  /** Whether the transcript shows its latest message (else "Jump to latest" appears). */
  @state() private atBottom = true;
  /** The message whose Copy button says "Copied". */
  @state() private copiedKey: string | null = null;
  /** A passing note above the input (a copy that failed). */
  @state() private toast: string | null = null;
  /** The polite live region's text. */
  @state() private liveText = '';

  /** Preset prompts offered above the input; the attribute takes a JSON array or one prompt per line. */
  @property({ converter: promptsConverter }) prompts: readonly string[] = [];

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<AgentChatStrings> = {};

  /**
   * Renders `render_*` tool calls and `ui_render` artifacts in place. When null, the artifact registry renders
   * them (validated, with a placeholder while arguments stream); when it returns `undefined`, the call shows as a
   * tool part.
   */
  @property({ attribute: false }) renderArtifact: ArtifactRenderer | null = null;

  /** Shows only artifacts for this cell (bar charts without a cell always show); default: the run's `cell-id`. */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  private text: AgentChatStrings = AGENT_CHAT_STRINGS;
  private readonly anchors = new TranscriptAnchors();
  private markdown: MarkdownModule | null = null;
  private markdownLoading = false;
  private engine: MarkdownNamespace.MarkdownEngine | null = null;
  /** One incremental renderer per text part, by message id. */
  private readonly renderers = new Map<string, MarkdownNamespace.IncrementalMarkdown[]>();
  /** Bumped when something every message shows changes (strings, the artifact hook, markdown arriving). */
  private renderEpoch = 0;
  /** Follow the stream: false once the person scrolls up. */
  private stick = true;
  /** The next scroll event is the one `scrollToLatest` caused. */
  private programmaticScroll = false;
  private announcedStore: unknown = null;
  private announcedRun = 0;
  private pendingAnnouncement: number | null = null;
  private seenMessageCount = 0;
  private readonly comments = new Map<string, string>();
  private readonly commentIds = new Map<string, string>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  private resizeObserver: ResizeObserver | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver ??= new ResizeObserver(() => this.followIfStuck());
    }
    if (this.hasUpdated) this.observeContent();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }

  /** Coalesces renders to one per animation frame, however many tokens arrive in between. */
  protected override scheduleUpdate(): Promise<unknown> {
    return nextFrame().then(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('strings')) {
      this.text = mergeStrings(AGENT_CHAT_STRINGS, this.strings);
      this.engine = null;
      this.renderers.clear();
      this.renderEpoch += 1;
    }
    if (changed.has('renderArtifact') || changed.has('cellId') || changed.has('theme')) {
      this.renderEpoch += 1;
    }
    const view = this.state.value;
    this.follow(view);
    this.sweepRenderers(view.messages);
    this.ensureMarkdown(view.messages);
    this.trackAnnouncement(view.run);
    this.scheduleExpiry();
  }

  protected override firstUpdated(): void {
    this.observeContent();
    // Delegated: the code blocks' Copy buttons are real buttons inside the rendered markdown (keyboard included).
    this.transcript?.addEventListener('click', (event) => this.handleTranscriptClick(event));
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // With a ResizeObserver the view follows after layout (no forced layout here); without one, follow now.
    if (!this.resizeObserver) this.followIfStuck();
    if (this.pendingAnnouncement !== null) {
      const run = this.pendingAnnouncement;
      this.pendingAnnouncement = null;
      // After this update has finished: the reply is in the DOM before the live region speaks of it.
      queueMicrotask(() => this.announceRun(run));
    }
  }

  private handleInput(event: Event): void {
    const textarea = event.target as HTMLTextAreaElement;
    this.draft = textarea.value;
    this.fitInput(textarea);
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    if (isRunOpen(this.state.value.run)) return;
    this.submit((event.target as HTMLTextAreaElement).value);
  }

  private handleSubmit(event: Event): void {
    event.preventDefault();
    if (isRunOpen(this.state.value.run)) return;
    this.submit(this.input?.value ?? this.draft);
  }

  private handleStop(): void {
    this.state.store?.cancel();
  }

  private handlePrompt(prompt: string): void {
    if (isRunOpen(this.state.value.run)) return;
    this.send(prompt);
    this.focusInput();
  }

  private handleNewThread(): void {
    this.state.store?.reset();
    this.comments.clear();
    this.stick = true;
    this.focusInput();
  }

  private handleRetry(): void {
    this.state.store?.retry();
    this.stick = true;
    this.focusInput();
  }

  private handleRegenerate(): void {
    this.state.store?.regenerate();
    this.stick = true;
    this.focusInput();
  }

  private handleApprove(approval: Approval): void {
    const comment = this.comments.get(approval.id)?.trim();
    this.state.store?.approve(approval.id, comment ? { comment } : {});
    this.focusInput();
  }

  private handleDeny(approval: Approval): void {
    const comment = this.comments.get(approval.id)?.trim();
    this.state.store?.deny(approval.id, comment ? { comment } : {});
    this.focusInput();
  }

  private handleComment(approval: Approval, event: Event): void {
    this.comments.set(approval.id, (event.target as HTMLTextAreaElement).value);
  }

  /** Copies a person's message, or the whole answer of an agent's run (every message of that run). */
  private handleCopyMessage(message: ChatMessage): void {
    const text =
      message.role === 'user'
        ? messageText(message)
        : this.state.value.messages
            .filter((item) => item.run === message.run && item.role === 'assistant')
            .map(messageText)
            .filter(Boolean)
            .join('\n\n');
    void this.copy(text, message.id);
  }

  /** Code-block Copy buttons live inside the rendered markdown: one listener serves them all. */
  private handleTranscriptClick(event: Event): void {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest<HTMLButtonElement>('button[data-copy-code]');
    if (!button) return;
    const code = button.closest('.code-block')?.querySelector('pre')?.textContent ?? '';
    void this.copy(code, null).then((ok) => {
      if (!ok) return;
      const label = button.textContent;
      button.textContent = this.text.copied;
      this.later(() => {
        if (button.textContent === this.text.copied) button.textContent = label;
      }, COPIED_MS);
    });
  }

  private handleScroll(): void {
    const element = this.transcript;
    if (!element) return;
    if (this.programmaticScroll) {
      // Our own move to the bottom: nothing to learn from it (and no layout to force).
      this.programmaticScroll = false;
      return;
    }
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    const atBottom = distance <= BOTTOM_SLACK;
    this.stick = atBottom;
    if (this.atBottom !== atBottom) this.atBottom = atBottom;
  }

  private handleWheel(event: WheelEvent): void {
    // Reading back while the answer streams: stop following at once, before the next token pulls the view down.
    if (event.deltaY < 0) this.stick = false;
  }

  private handleJump(): void {
    this.stick = true;
    this.atBottom = true;
    this.scrollToLatest();
    this.transcript?.focus();
  }

  /** Fires `message-send` and, unless vetoed, sends the (possibly rewritten) text. */
  private send(text: string): boolean {
    const store = this.state.store;
    const trimmed = text.trim();
    if (!store || !trimmed) return false;
    const event = new MessageSendEvent({ text: trimmed });
    if (!this.dispatchEvent(event)) return false;
    const final = String(event.detail.text ?? '').trim();
    if (!final) return false;
    store.send(final);
    this.stick = true;
    return true;
  }

  private submit(text: string): void {
    if (!this.send(text)) return;
    this.draft = '';
    if (this.input) {
      this.input.value = '';
      this.fitInput(this.input);
    }
    this.focusInput();
  }

  private focusInput(): void {
    this.input?.focus();
  }

  /** Grows the textarea with its text, up to the CSS max height. */
  private fitInput(textarea: HTMLTextAreaElement): void {
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight + 2}px`;
  }

  private async copy(text: string, key: string | null): Promise<boolean> {
    const ok = await writeClipboard(text);
    if (ok) {
      if (key !== null) {
        this.copiedKey = key;
        this.later(() => {
          if (this.copiedKey === key) this.copiedKey = null;
        }, COPIED_MS);
      }
      this.announce(this.text.copiedNotice);
      return true;
    }
    const notice = this.text.copyUnavailable;
    this.toast = notice;
    this.announce(notice);
    this.later(() => {
      if (this.toast === notice) this.toast = null;
    }, TOAST_MS);
    return false;
  }

  private later(callback: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      callback();
    }, ms);
    this.timers.add(timer);
  }

  private announce(text: string): void {
    // The same words twice in a row would not be read again: make the second differ invisibly.
    this.liveText = text === this.liveText ? `${text}\u00a0` : text;
  }

  /** Content that grows outside a render (an artifact loading, a disclosure opening) still pulls the view down. */
  private observeContent(): void {
    const content = this.renderRoot.querySelector('.messages');
    if (content) this.resizeObserver?.observe(content);
  }

  private followIfStuck(): void {
    if (this.stick) this.scrollToLatest();
  }

  private scrollToLatest(): void {
    const element = this.transcript;
    if (!element) return;
    const top = element.scrollHeight - element.clientHeight;
    if (Math.abs(element.scrollTop - top) < 1) return;
    this.programmaticScroll = true;
    element.scrollTop = top;
  }

  private follow(view: ChatView): void {
    this.anchors.update(view.threadId, view.messages, view.approvals, view.artifacts);
  }

  /** Loads marked and DOMPurify with the first assistant message that has text. */
  private ensureMarkdown(messages: readonly ChatMessage[]): void {
    if (this.markdown || this.markdownLoading) return;
    const needed = messages.some(
      (message) =>
        message.role === 'assistant' &&
        message.parts.some((part) => part.kind === 'text' && part.text !== ''),
    );
    if (!needed) return;
    this.markdownLoading = true;
    import('./markdown.js').then(
      (module) => {
        this.markdown = module;
        this.renderEpoch += 1;
        this.requestUpdate();
      },
      () => {
        // Without the markdown module answers stay plain text: still readable, still safe.
      },
    );
  }

  private markdownEngine(): MarkdownNamespace.MarkdownEngine | null {
    if (!this.markdown) return null;
    this.engine ??= new this.markdown.MarkdownEngine({
      copyCode: this.text.copyCode,
      code: this.text.code,
      image: this.text.image,
    });
    return this.engine;
  }

  /** Forgets the renderers of messages that are gone (a new thread, a regenerated answer). */
  private sweepRenderers(messages: readonly ChatMessage[]): void {
    if (messages.length >= this.seenMessageCount && this.renderers.size <= messages.length) {
      this.seenMessageCount = messages.length;
      return;
    }
    this.seenMessageCount = messages.length;
    const ids = new Set(messages.map((message) => message.id));
    for (const id of this.renderers.keys()) if (!ids.has(id)) this.renderers.delete(id);
  }

  /** Queues one announcement per finished run; a store found mid-way announces nothing of its history. */
  private trackAnnouncement(run: RunInfo): void {
    const store = this.state.store;
    if (store !== this.announcedStore) {
      this.announcedStore = store;
      this.announcedRun = isRunOpen(run) ? run.number - 1 : run.number;
      return;
    }
    if (isRunOpen(run) || run.status === 'Idle' || run.number === this.announcedRun) return;
    this.announcedRun = run.number;
    this.pendingAnnouncement = run.number;
  }

  private announceRun(number: number): void {
    const { run, messages } = this.state.value;
    if (run.number !== number) return;
    const text = this.text;
    switch (run.status) {
      case 'Completed': {
        const replies = [
          ...this.renderRoot.querySelectorAll(`.row[data-run="${number}"] .reply-text`),
        ]
          .map((element) => element.textContent ?? '')
          .join(' ');
        const reply = announcement(replies);
        this.announce(reply ? format(text.announceReply, { text: reply }) : text.announceDone);
        return;
      }
      case 'Needs approval': {
        const open = this.state.value.approvals.filter((approval) => approval.answer === null);
        const what = open.map(
          (approval) => approval.message ?? approval.toolName ?? approval.reason,
        );
        this.announce(format(text.announceApproval, { text: announcement(what.join('; ')) }));
        return;
      }
      case 'Failed':
        this.announce(format(text.announceFailed, { reason: run.failure?.reason ?? '' }));
        return;
      case 'Cancelled':
        if (run.cause === 'user') this.announce(text.announceStopped);
        else if (run.cause === 'agent') this.announce(text.announceCancelled);
        return;
      default:
        void messages;
    }
  }

  /** Re-renders open approvals when the next one expires, so Approve turns off on time. */
  private scheduleExpiry(): void {
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    const now = Date.now();
    let next = Infinity;
    for (const { approval } of this.anchors.allApprovals) {
      if (approval.answer !== null || !approval.expiresAt) continue;
      const at = Date.parse(approval.expiresAt);
      if (Number.isFinite(at) && at > now) next = Math.min(next, at);
    }
    if (next === Infinity) return;
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = null;
        this.anchors.touch();
        this.requestUpdate();
      },
      Math.min(next - now + 20, 2 ** 31 - 1),
    );
  }

  private commentId(approval: Approval): string {
    let id = this.commentIds.get(approval.id);
    if (!id) {
      id = `approval-comment-${this.commentIds.size + 1}`;
      this.commentIds.set(approval.id, id);
    }
    return id;
  }

  private familyLabel(family: ToolFamily): { label: string; note: string; icon: TemplateResult } {
    const text = this.text;
    switch (family) {
      case 'workflow':
        return { label: text.familyWorkflow, note: text.noteWorkflow, icon: workflowIcon };
      case 'frontend':
        return { label: text.familyFrontend, note: text.noteFrontend, icon: frontendIcon };
      case 'presentation':
        return {
          label: text.familyPresentation,
          note: text.notePresentation,
          icon: presentationIcon,
        };
      case 'render':
        return { label: text.familyRender, note: text.noteRender, icon: renderIcon };
      default: {
        const unknown: never = family;
        return { label: String(unknown), note: '', icon: workflowIcon };
      }
    }
  }

  private statusLabel(status: ToolCallStatus): string {
    const text = this.text;
    switch (status) {
      case 'streaming':
        return text.statusStreaming;
      case 'running':
        return text.statusRunning;
      case 'awaiting-approval':
        return text.statusAwaitingApproval;
      case 'done':
        return text.statusDone;
      case 'failed':
        return text.statusFailed;
      case 'denied':
        return text.statusDenied;
      case 'cancelled':
        return text.statusCancelled;
      default: {
        const unknown: never = status;
        return String(unknown);
      }
    }
  }

  private messageFlags(message: ChatMessage, index: number, context: TranscriptContext): number {
    let flags = 0;
    if (index === context.lastIndex && context.canRegenerate) flags |= CAN_REGENERATE;
    if (
      context.canRetry &&
      message.run === context.run.number &&
      message.parts.some((part) => part.kind === 'error')
    ) {
      flags |= CAN_RETRY;
    }
    if (this.copiedKey === message.id) flags |= COPIED;
    const next = context.messages[index + 1];
    if (!next || next.run !== message.run || message.run === 0) flags |= LAST_OF_RUN;
    if (context.open && message.run === context.run.number) flags |= RUN_OPEN;
    return flags;
  }

  private renderTextPart(message: ChatMessage, partIndex: number, source: string) {
    const engine = this.markdownEngine();
    if (!engine || !this.markdown) return html`<div class="plain reply-text">${source}</div>`;
    let list = this.renderers.get(message.id);
    if (!list) {
      list = [];
      this.renderers.set(message.id, list);
    }
    let renderer = list[partIndex];
    if (!renderer) {
      renderer = new this.markdown.IncrementalMarkdown(engine);
      list[partIndex] = renderer;
    }
    const blocks = renderer.update(source, !message.streaming);
    return html`<div part="markdown" class="markdown reply-text">
      ${repeat(
        blocks,
        (block) => block.key,
        (block) => html`<div class="block">${unsafeHTML(block.html)}</div>`,
      )}
    </div>`;
  }

  private renderReasoning(text: string, live: boolean) {
    return html`<details part="reasoning" class="thinking" ?data-live=${live}>
      <summary>
        ${thinkingIcon}<span>${live ? this.text.thinkingLive : this.text.thinking}</span>
        <span class="chevron">${chevronIcon}</span>
      </summary>
      <div class="thinking-text">${text}</div>
    </details>`;
  }

  private renderToolCall(part: ToolCallPart, flags: number) {
    const family = this.familyLabel(part.family);
    const args = prettyArguments(part);
    // The agent's own call that its finished run never answered is not running any more.
    const unanswered =
      part.status === 'running' && part.family === 'workflow' && (flags & RUN_OPEN) === 0;
    const status = unanswered ? 'no-result' : part.status;
    const busy = !unanswered && (part.status === 'streaming' || part.status === 'running');
    return html`<details
      part="tool-call"
      class="tool"
      data-family=${part.family}
      data-status=${status}
    >
      <summary>
        <span class="tool-icon">${family.icon}</span>
        <span class="tool-title">
          <span class="tool-family">${family.label}</span>
          <code class="tool-name">${part.name}</code>
          <span class="tool-status" data-status=${status}>
            ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}
            ${unanswered ? this.text.statusNoResult : this.statusLabel(part.status)}
          </span>
        </span>
        <span class="chevron">${chevronIcon}</span>
      </summary>
      <div class="tool-body">
        <p class="tool-note">${family.note}</p>
        <p class="label">${this.text.arguments}</p>
        ${
          args
            ? html`<pre class="json" data-field="arguments">${args}</pre>`
            : html`<p class="muted">${this.text.noArguments}</p>`
        }
        ${
          part.result !== undefined
            ? html`<p class="label">${this.text.result}</p>
                <pre class="json" data-field="result">${prettyResult(part.result)}</pre>`
            : nothing
        }
        ${
          part.error
            ? html`<p class="tool-error"><strong>${this.text.toolError}:</strong> ${part.error}</p>`
            : nothing
        }
      </div>
    </details>`;
  }

  private renderApproval(entry: AnchoredApproval) {
    const { approval } = entry;
    const text = this.text;
    const answer = approval.answer;
    if (answer) {
      const verdict = answer.cancelled
        ? text.approvalCancelled
        : answer.approved
          ? text.approved
          : text.denied;
      return html`<div
        part="approval"
        class="approval answered"
        data-answer=${answer.cancelled ? 'cancelled' : answer.approved ? 'approved' : 'denied'}
      >
        <span class="approval-verdict"
          >${answer.approved ? checkIcon : approvalIcon}${verdict}</span
        >
        ${
          answer.comment
            ? html`<span class="approval-comment-text"
                >${format(text.yourComment, { comment: answer.comment })}</span
              >`
            : nothing
        }
      </div>`;
    }
    const expired = isExpired(approval, Date.now());
    const expiresAt = approval.expiresAt ? Date.parse(approval.expiresAt) : NaN;
    const time = Number.isFinite(expiresAt) ? timeFormat.format(expiresAt) : '';
    const commentId = this.commentId(approval);
    const detail =
      approval.kind === 'tool'
        ? format(text.approvalTool, { name: approval.toolName ?? approval.toolCallId ?? '' })
        : text.approvalPaused;
    return html`<section
      part="approval"
      class="approval"
      aria-label=${text.approvalRequest}
      data-kind=${approval.kind}
      ?data-expired=${expired}
    >
      <p class="approval-title">${approvalIcon}<span>${text.approvalTitle}</span></p>
      ${approval.message ? html`<p class="approval-message">${approval.message}</p>` : nothing}
      <p class="approval-detail">${detail}</p>
      ${
        expired
          ? html`<p class="approval-expired">${format(text.expired, { time })}</p>`
          : time
            ? html`<p class="approval-detail">${format(text.expires, { time })}</p>`
            : nothing
      }
      ${
        expired
          ? nothing
          : html`<label class="approval-label" for=${commentId}>${text.comment}</label>
              <textarea
                id=${commentId}
                part="comment"
                rows="2"
                .value=${live(this.comments.get(approval.id) ?? '')}
                @input=${(event: Event) => this.handleComment(approval, event)}
              ></textarea>`
      }
      <div class="approval-actions">
        <button
          part="approve-button"
          class="button primary"
          type="button"
          ?disabled=${expired}
          @click=${() => this.handleApprove(approval)}
        >
          ${text.approve}
        </button>
        <button
          part="deny-button"
          class="button"
          type="button"
          ?disabled=${expired}
          @click=${() => this.handleDeny(approval)}
        >
          ${text.deny}
        </button>
      </div>
    </section>`;
  }

  /** The host's rendering of an artifact, or undefined (also when the hook throws: the default shows instead). */
  private customArtifact(
    part: ToolCallPart | ArtifactPart,
    message: ChatMessage | null,
    artifact?: Artifact,
  ): TemplateResult | undefined {
    const renderer =
      this.renderArtifact ??
      createArtifactRenderer({
        ...(this.theme ? { theme: this.theme } : {}),
        ...(this.cellId !== null ? { cellId: this.cellId } : {}),
      });
    try {
      return renderer(part, message, artifact);
    } catch {
      return undefined;
    }
  }

  private renderArtifactCard(entry: AnchoredArtifact, message: ChatMessage | null) {
    const { artifact } = entry;
    const part: ArtifactPart = { kind: 'artifact', artifactId: artifact.id };
    const custom = this.customArtifact(part, message, artifact);
    if (custom !== undefined) return html`<div class="artifact">${custom}</div>`;
    return this.renderDefaultArtifact(artifact);
  }

  private renderDefaultArtifact(artifact: Artifact) {
    const text = this.text;
    let props = '';
    try {
      props = JSON.stringify(artifact.props ?? null, null, 2);
    } catch {
      props = String(artifact.props);
    }
    return html`<details part="activity" class="card" data-artifact=${artifact.name}>
      <summary>
        ${renderIcon}<span>${format(text.artifact, { name: artifact.name })}</span>
        ${
          artifact.agent
            ? html`<span class="muted"
                >${format(text.artifactFrom, { agent: artifact.agent })}</span
              >`
            : nothing
        }
        <span class="chevron">${chevronIcon}</span>
      </summary>
      <p class="label">${text.props}</p>
      <pre class="json">${props}</pre>
    </details>`;
  }

  private renderError(part: ErrorPart, canRetry: boolean) {
    const { failure } = part;
    const text = this.text;
    const tooLong = failure.status === 413;
    const title = tooLong
      ? text.tooLong
      : failure.kind === 'Agent'
        ? text.failedAgent
        : failure.kind === 'Transport'
          ? text.failedTransport
          : text.failedProtocol;
    return html`<div part="error" class="error" data-kind=${failure.kind}>
      <span class="error-icon">${errorIcon}</span>
      <div class="error-body">
        <p class="error-title">${title}</p>
        <p class="error-reason">${failure.reason}</p>
        ${tooLong ? html`<p class="error-hint">${text.tooLongHint}</p>` : nothing}
        <div class="error-actions">
          ${
            tooLong
              ? html`<button
                  class="button primary"
                  part="new-thread-inline-button"
                  type="button"
                  @click=${this.handleNewThread}
                >
                  ${newThreadIcon}<span>${text.startNewThread}</span>
                </button>`
              : canRetry
                ? html`<button
                    class="button"
                    part="retry-button"
                    type="button"
                    @click=${this.handleRetry}
                  >
                    ${regenerateIcon}<span>${text.retry}</span>
                  </button>`
                : nothing
          }
        </div>
      </div>
    </div>`;
  }

  private renderPart(
    message: ChatMessage,
    part: MessagePart,
    index: number,
    flags: number,
    items: AnchoredItems,
  ) {
    switch (part.kind) {
      case 'text':
        return message.role === 'assistant'
          ? this.renderTextPart(message, index, part.text)
          : html`<div class="plain reply-text">${part.text}</div>`;
      case 'reasoning':
        return this.renderReasoning(part.text, message.streaming);
      case 'tool-call': {
        const custom = part.family === 'render' ? this.customArtifact(part, message) : undefined;
        const approvals = items.approvals.filter((entry) => entry.toolCallId === part.id);
        return html`${
          custom !== undefined
            ? html`<div class="artifact">${custom}</div>`
            : this.renderToolCall(part, flags)
        }${approvals.map((entry) => this.renderApproval(entry))}`;
      }
      case 'artifact': {
        const artifact = this.state.value.artifacts.find((item) => item.id === part.artifactId);
        const custom = this.customArtifact(part, message, artifact);
        if (custom !== undefined) return html`<div class="artifact">${custom}</div>`;
        return artifact ? this.renderDefaultArtifact(artifact) : nothing;
      }
      case 'approval': {
        const approval = this.anchors.allApprovals.find(
          (entry) => entry.approval.id === part.approvalId,
        );
        return approval ? this.renderApproval(approval) : nothing;
      }
      case 'error':
        return this.renderError(part, (flags & CAN_RETRY) !== 0);
      default: {
        const unknown: never = part;
        void unknown;
        return nothing;
      }
    }
  }

  private renderActions(message: ChatMessage, flags: number) {
    const text = this.text;
    if ((flags & LAST_OF_RUN) === 0 || message.streaming) return nothing;
    const copyable =
      message.role === 'user'
        ? messageText(message) !== ''
        : this.state.value.messages.some(
            (item) =>
              item.run === message.run && item.role === 'assistant' && messageText(item) !== '',
          );
    const regenerate = (flags & CAN_REGENERATE) !== 0;
    if (!copyable && !regenerate && !message.stopped) return nothing;
    const copied = (flags & COPIED) !== 0;
    return html`<div part="actions" class="actions">
      ${
        message.stopped
          ? html`<span class="badge" data-badge="stopped">${stopIcon}${text.stopped}</span>`
          : nothing
      }
      ${
        copyable
          ? html`<button
              part="copy-button"
              class="icon-button"
              type="button"
              title=${copied ? text.copied : text.copy}
              @click=${() => this.handleCopyMessage(message)}
            >
              ${copied ? checkIcon : copyIcon}<span class="action-label"
                >${copied ? text.copied : text.copy}</span
              >
            </button>`
          : nothing
      }
      ${
        regenerate
          ? html`<button
              part="regenerate-button"
              class="icon-button"
              type="button"
              title=${text.regenerate}
              @click=${this.handleRegenerate}
            >
              ${regenerateIcon}<span class="action-label">${text.regenerate}</span>
            </button>`
          : nothing
      }
    </div>`;
  }

  /** Approvals and artifacts anchored at a message that is not the agent's (its run sent no message of its own). */
  private renderAnchored(message: ChatMessage, items: AnchoredItems) {
    if (items.approvals.length === 0 && items.artifacts.length === 0) return nothing;
    return html`<div class="row assistant" data-run=${message.run} data-role="anchored">
      ${items.approvals.map((entry) => this.renderApproval(entry))}
      ${items.artifacts.map((entry) => this.renderArtifactCard(entry, message))}
    </div>`;
  }

  private renderMessage(message: ChatMessage, flags: number, items: AnchoredItems) {
    if (message.role === 'assistant') return this.renderRow(message, flags, items);
    return html`${this.renderRow(message, flags, items)}${this.renderAnchored(message, items)}`;
  }

  private renderRow(message: ChatMessage, flags: number, items: AnchoredItems) {
    const text = this.text;
    switch (message.role) {
      case 'user':
        return html`<div
          class="row user"
          part="message user-message"
          data-run=${message.run}
          data-role="user"
        >
          <div class="user-line">
            ${this.renderActions(message, flags)}
            <div class="bubble">
              <span class="visually-hidden">${text.you}:</span>
              <div class="plain">${messageText(message)}</div>
            </div>
          </div>
        </div>`;
      case 'reasoning':
        return html`<div
          class="row assistant"
          part="message assistant-message"
          data-run=${message.run}
          data-role="reasoning"
        >
          ${this.renderReasoning(reasoningText(message), message.streaming)}
        </div>`;
      case 'activity':
        return html`<div
          class="row assistant"
          part="message"
          data-run=${message.run}
          data-role="activity"
        >
          ${this.renderActivity(message)}
        </div>`;
      case 'system':
      case 'developer':
        return html`<div class="row note" part="message" data-run=${message.run} data-role="system">
          <span class="note-label">${text.system}</span>
          <div class="plain">${messageText(message)}</div>
        </div>`;
      case 'assistant':
        return html`<div
          class="row assistant"
          part="message assistant-message"
          data-run=${message.run}
          data-role="assistant"
          ?data-streaming=${message.streaming}
        >
          <span class="visually-hidden">${text.agent}:</span>
          ${message.parts.map((part, index) => this.renderPart(message, part, index, flags, items))}
          ${items.approvals
            .filter((entry) => entry.toolCallId === null)
            .map((entry) => this.renderApproval(entry))}
          ${items.artifacts.map((entry) => this.renderArtifactCard(entry, message))}
          ${message.streaming ? typing : nothing} ${this.renderActions(message, flags)}
        </div>`;
      default: {
        const unknown: never = message.role;
        void unknown;
        return nothing;
      }
    }
  }

  private renderActivity(message: ChatMessage) {
    let content = '';
    try {
      content = JSON.stringify(message.activityContent ?? {}, null, 2);
    } catch {
      content = '';
    }
    return html`<details part="activity" class="card">
      <summary>
        ${activityIcon}
        <span>${format(this.text.activity, { type: message.activityType ?? '' })}</span>
        <span class="muted">${activitySummary(message.activityContent)}</span>
        <span class="chevron">${chevronIcon}</span>
      </summary>
      <pre class="json">${content}</pre>
    </details>`;
  }

  private renderTranscript(view: ChatView) {
    const { messages, run } = view;
    const open = isRunOpen(run);
    const lastIndex = messages.length - 1;
    const last = messages[lastIndex];
    const lastUser = lastIndexWhere(messages, (message) => message.role === 'user');
    const context: TranscriptContext = {
      messages,
      open,
      run,
      lastIndex,
      canRegenerate:
        (run.status === 'Completed' || run.status === 'Cancelled' || run.status === 'Idle') &&
        last !== undefined &&
        last.role !== 'user' &&
        lastUser !== -1,
      canRetry: run.status === 'Failed',
    };
    const runHasContent = messages.some(
      (message) => message.run === run.number && message.role !== 'user',
    );
    const stoppedRun =
      run.status === 'Cancelled' &&
      run.number > 0 &&
      !messages.some((message) => message.run === run.number && message.stopped);
    const end = this.anchors.end;
    return html`<div class="messages">
      ${repeat(
        messages,
        (message) => message.id,
        (message, index) => {
          const flags = this.messageFlags(message, index, context);
          const items = this.anchors.at(message.id);
          return guard([message, flags, items, this.renderEpoch], () =>
            this.renderMessage(message, flags, items),
          );
        },
      )}
      ${end.approvals.map((entry) => this.renderApproval(entry))}
      ${end.artifacts.map((entry) => this.renderArtifactCard(entry, null))}
      ${
        open && !runHasContent
          ? html`<div class="row assistant pending" data-pending>
              ${typing}
              <span class="visually-hidden">${this.text.working}</span>
            </div>`
          : nothing
      }
      ${
        stoppedRun && messages.length > 0
          ? html`<p class="run-note">
              ${run.cause === 'agent' ? this.text.cancelledByAgent : this.text.stoppedBeforeReply}
            </p>`
          : nothing
      }
    </div>`;
  }

  private renderEmpty(connected: boolean) {
    const text = this.text;
    return html`<div part="empty" class="empty">
      <slot name="empty">
        <div class="empty-mark">${thinkingIcon}</div>
        <p class="empty-title">${text.emptyTitle}</p>
        <p class="empty-body">${connected ? text.emptyBody : text.noStore}</p>
      </slot>
    </div>`;
  }

  private renderComposer(view: ChatView, connected: boolean) {
    const text = this.text;
    const open = isRunOpen(view.run);
    const openApproval =
      view.run.status === 'Needs approval' &&
      view.approvals.some((approval) => approval.answer === null);
    const canSend = connected && this.draft.trim() !== '';
    return html`<form part="composer" class="composer" @submit=${this.handleSubmit}>
      ${
        this.prompts.length > 0
          ? html`<div part="prompts" class="prompts" role="group" aria-label=${text.suggestions}>
              ${this.prompts.map(
                (prompt) =>
                  html`<button
                    part="prompt"
                    class="prompt"
                    type="button"
                    ?disabled=${!connected || open}
                    @click=${() => this.handlePrompt(prompt)}
                  >
                    ${prompt}
                  </button>`,
              )}
            </div>`
          : nothing
      }
      ${
        openApproval
          ? html`<p part="notice" class="notice" data-notice="approval">
              ${approvalIcon}<span>${text.sendCancelsApproval}</span>
            </p>`
          : nothing
      }
      ${
        this.toast
          ? html`<p part="notice" class="notice" data-notice="toast">${this.toast}</p>`
          : nothing
      }
      <div class="input-row">
        <label class="visually-hidden" for="message">${text.message}</label>
        <textarea
          id="message"
          part="input"
          rows="1"
          placeholder=${text.placeholder}
          .value=${live(this.draft)}
          ?disabled=${!connected}
          @input=${this.handleInput}
          @keydown=${this.handleKeydown}
        ></textarea>
        ${
          open
            ? html`<button
                part="stop-button"
                class="send stop"
                type="button"
                title=${text.stop}
                @click=${this.handleStop}
              >
                ${stopIcon}<span class="visually-hidden">${text.stop}</span>
              </button>`
            : html`<button
                part="send-button"
                class="send"
                type="submit"
                title=${text.send}
                ?disabled=${!canSend}
              >
                ${sendIcon}<span class="visually-hidden">${text.send}</span>
              </button>`
        }
      </div>
      <p class="hint">${text.hint}</p>
    </form>`;
  }

  protected override render() {
    const view = this.state.value;
    const text = this.text;
    const connected = this.state.store !== null;
    const open = isRunOpen(view.run);
    const empty = view.messages.length === 0 && !open;
    return html`<div part="base" class="base">
      <header part="header" class="header">
        <div class="title"><slot name="header">${text.title}</slot></div>
        <button
          part="new-thread-button"
          class="button ghost"
          type="button"
          ?disabled=${!connected || (view.messages.length === 0 && !open)}
          @click=${this.handleNewThread}
        >
          ${newThreadIcon}<span>${text.newThread}</span>
        </button>
      </header>
      ${
        view.disclosure
          ? html`<p part="disclosure" class="disclosure">${view.disclosure}</p>`
          : nothing
      }
      <div class="stage">
        <div
          part="transcript"
          class="transcript"
          role="log"
          aria-live="off"
          aria-label=${text.transcript}
          aria-busy=${open ? 'true' : 'false'}
          tabindex="0"
          @scroll=${this.handleScroll}
          @wheel=${this.handleWheel}
        >
          ${empty ? this.renderEmpty(connected) : nothing} ${this.renderTranscript(view)}
        </div>
        ${
          this.atBottom || empty
            ? nothing
            : html`<button part="jump-button" class="jump" type="button" @click=${this.handleJump}>
                ${arrowDownIcon}<span>${text.jumpToLatest}</span>
              </button>`
        }
      </div>
      ${this.renderComposer(view, connected)}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        ${this.liveText}
      </div>
    </div>`;
  }
}

interface TranscriptContext {
  readonly messages: readonly ChatMessage[];
  readonly open: boolean;
  readonly run: RunInfo;
  readonly lastIndex: number;
  readonly canRegenerate: boolean;
  readonly canRetry: boolean;
}
