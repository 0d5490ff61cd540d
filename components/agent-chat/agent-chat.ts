// <agent-chat>: the conversation with a run's agent — streamed markdown, tool calls, approvals — and its composer.
// A thin element: the transcript is a pure function of the store's state (render modules), scroll-follow and
// announcements are controllers, and only the draft, the scroll position and open disclosures live here.
import { html, nothing, type CSSResult, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { isRunOpen } from '../../src/store/reducer.js';
import type {
  Approval,
  Artifact,
  ArtifactPart,
  ChatMessage,
  ToolCallPart,
} from '../../src/store/types.js';
import { AguiElement } from '../shared/agui-element.js';
import { renderDisclosure } from '../shared/disclosure.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { partFailureStyles } from '../shared/part-failure.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { agentChatStyles } from './agent-chat.styles.js';
import { attachmentStyles } from './attachment.styles.js';
import { ChatAttachments, type UploadAttachment } from './chat-attachments.js';
import { adoptStyles, DeadlineTimer, renderPace } from './browser-effects.js';
import { AnnouncementController } from './announcer.js';
import { ChatA2ui, revealActivity } from './chat-a2ui.js';
import { a2uiChatStyles } from './chat-a2ui.styles.js';
import { ChatMcpApps } from './genui/chat-mcp-apps.js';
import { mcpAppsChatStyles } from './genui/mcp-apps.styles.js';
import { CopyController } from './copy-controller.js';
import { ApprovalDrafts } from './approval-drafts.js';
import { selectChat, type ChatContext, type ChatView } from './chat-context.js';
import { MessageSendEvent } from './events.js';
import { arrowDownIcon } from './icons.js';
import { renderHeader } from './render-header.js';
import { exportConversation } from './rich/conversation-export.js';
import { ProgressiveWindow } from './progressive-window.js';
import { ReplyText } from './reply-text.js';
import { promptsConverter, renderComposer } from './render-composer.js';
import { defaultRenderer, renderSafely } from './render-parts.js';
import { renderEmpty, renderTranscript, type TranscriptRows } from './render-transcript.js';
import { ScrollFollowController } from './scroll-follow.js';
import { AGENT_CHAT_STRINGS, type AgentChatStrings } from './strings.js';
import { answerText } from './transcript-text.js';
import { ConversationController } from './conversation-controller.js';
import { conversationStyles } from './conversation.styles.js';
import { chatVoice, voiceStyles, type Speak, type Transcribe } from './voice/chat-voice.js';

export { AGENT_CHAT_STRINGS, type AgentChatStrings } from './strings.js';

/**
 * Renders a `render_*` tool call (or a `ui_render` artifact part) in place; `undefined` keeps the default tool part.
 * The artifact registry fills this in; `artifact` is the store's record of it when there is one.
 */
export type ArtifactRenderer = (
  part: ToolCallPart | ArtifactPart,
  message: ChatMessage | null,
  artifact?: Artifact,
) => TemplateResult | undefined;

/**
 * A chat with the agent of a run: the transcript (streamed markdown, reasoning, tool calls, approvals, errors) and a
 * composer. Fed by the shared run store; every action is a store command (send, cancel, retry, regenerate, reset,
 * approve, deny).
 *
 * Assistant text is rendered as markdown (marked's lexer into Lit templates, loaded with the first assistant message);
 * math in it (`$…$`, `$$…$$`, `math` fences) is typeset as native MathML by a part loaded with the first formula;
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
 * @csspart subagent - A subagent's block (a disclosure named by the subagent, its own messages inside).
 * @csspart edit-button - Edit a message the person sent.
 * @csspart editor - The message open for editing, in place of its bubble.
 * @csspart edit-input - The Edit message textbox.
 * @csspart save-edit-button - Save and send.
 * @csspart cancel-edit-button - Cancel editing.
 * @csspart versions - Previous version / Next version with `N / M`.
 * @csspart feedback-button - Good response and Bad response (toggle buttons).
 * @csspart feedback-comment - The optional comment on a rated answer.
 * @csspart jump-button - Jump to latest.
 * @csspart composer - The composer.
 * @csspart prompts - The preset prompts.
 * @csspart prompt - One preset prompt button.
 * @csspart notice - A note above the input (an open approval, a copy that failed).
 * @csspart input - The Message textbox.
 * @csspart send-button - Send.
 * @csspart stop-button - Stop (in place of Send while a run streams).
 * @csspart dictate-button - Dictate (Stop dictation while recording), when `.transcribe` or `dictation="browser"` is set.
 * @csspart dictation - The line above the input while dictating: elapsed time, level meter, interim words.
 * @csspart dictation-meter - The Microphone level meter (`role="meter"`).
 * @csspart interim - The browser engine's words that are not final yet (greyed).
 * @csspart dictation-note - What went wrong with dictation (with Try again when a recording is kept).
 * @csspart read-aloud-button - Read aloud (Stop reading while it speaks) under a finished answer.
 * @csspart read-aloud-note - Why an answer could not be read aloud, beside its button.
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
 * @cssprop [--agui-code-comment-color=light-dark(#5f6672, #9ba3af)] - Highlighted code: Comments.
 * @cssprop [--agui-code-keyword-color=light-dark(#a3237f, #f08bd0)] - Highlighted code: Keywords.
 * @cssprop [--agui-code-string-color=light-dark(#1a6b2a, #8fd694)] - Highlighted code: Strings, characters, regular expressions and attribute values.
 * @cssprop [--agui-code-number-color=light-dark(#9a4a00, #f5b46b)] - Highlighted code: Numbers, booleans and constants.
 * @cssprop [--agui-code-function-color=light-dark(#6f3bc4, #c8a6ff)] - Highlighted code: Function and class names, built-ins.
 * @cssprop [--agui-code-tag-color=light-dark(#1b50a8, #86b7ff)] - Highlighted code: Tags, selectors, properties and keys.
 * @cssprop [--agui-code-attribute-color=light-dark(#8a5300, #e8c26a)] - Highlighted code: Attribute names, variables and parameters.
 * @cssprop [--agui-code-punctuation-color=light-dark(#4b525d, #b8bec9)] - Highlighted code: Punctuation and operators.
 * @cssprop [--agui-code-inserted-color=light-dark(#1a6b2a, #8fd694)] - Highlighted code: Added lines of a diff.
 * @cssprop [--agui-code-deleted-color=light-dark(#b0261b, #ff9c94)] - Highlighted code: Removed lines of a diff.
 * @fires {ConversationExportEvent} conversation-export - A person pressed Download conversation; `detail.markdown` holds the current branch as Markdown, `preventDefault()` keeps the browser from downloading it.
 * @fires {MessageFeedbackEvent} message-feedback - A person rated an answer or commented on it; `preventDefault()` keeps the previous feedback. Nothing is sent to the agent.
 * @fires {A2uiActionEvent} a2ui-action - A person acted on an A2UI surface (`detail`: surfaceId, name, sourceComponentId, context); `preventDefault()` handles it in the page and starts no run.
 * @fires {MessageSendEvent} message-send - A person is sending a message; `detail.text` may be rewritten, `preventDefault()` keeps it unsent.
 */
export class AgentChat extends AguiElement {
  static override styles = [
    hostStyles,
    buttonStyles,
    agentChatStyles,
    attachmentStyles,
    conversationStyles,
    partFailureStyles,
    a2uiChatStyles,
    mcpAppsChatStyles,
    voiceStyles,
  ];

  private readonly state = new StoreController(this, selectChat, { equals: shallowEqual });

  private readonly scrollFollow = new ScrollFollowController(
    this,
    () => this.transcript,
    () => this.renderRoot.querySelector('.messages'),
  );

  private readonly announcer = new AnnouncementController(this, () => ({
    store: this.state.store,
    run: this.state.value.run,
    messages: this.state.value.messages,
    approvals: this.state.value.approvals,
    text: this.text,
    locale: this.locale,
  }));

  private readonly copying = new CopyController(this, {
    text: () => this.text,
    announce: (text) => this.announcer.announce(text),
  });

  private readonly window = new ProgressiveWindow(this, () => this.state.value.messages.length);
  private readonly files = new ChatAttachments(
    this,
    () => this.state.store,
    () => this.text,
  );
  private readonly conversation = new ConversationController(this, {
    store: () => this.state.store,
    view: () => this.state.value,
    sent: () => (this.scrollFollow.follow(), this.focusInput()),
  });

  @query('.transcript') private readonly transcript!: HTMLElement | null;
  @query('textarea[part~="input"]') private readonly input!: HTMLTextAreaElement | null;

  /** The composer's text. */
  @state() private draft = '';

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

  /** The MIME types a person may attach (comma-separated; `image/*` patterns work); the agent's capabilities narrow it. */
  @property() accept: string = ChatAttachments.defaultAccept;

  /** The largest file a person may attach, in bytes (default 10 MiB). */
  @property({ type: Number, attribute: 'max-attachment-bytes' }) maxAttachmentBytes = 10485760;

  /** What an MCP App's frame may get if it asks: `camera` `microphone` `geolocation` `clipboard-write` (none by default). */
  @property({ attribute: false }) mcpAppPermissions: readonly string[] = [];

  /**
   * The MCP Apps sandbox proxy (`dist/mcp-apps-sandbox.html` served from another origin, its `parent=` naming this
   * page's): apps run in it, not in a `srcdoc` frame, so pages whose CSP forbids inline script can show them.
   */
  @property({ attribute: 'mcp-apps-sandbox' }) mcpAppsSandbox: string | null = null;

  /**
   * Opt-in rich content, space-separated: `mermaid` draws `mermaid` fences as diagrams, in a sandboxed frame at
   * `chunks/diagram-frame.html` (its own headers; see the README), shown as images. Off, a fence stays code.
   */
  @property({ attribute: 'rich-content' }) richContent: string | null = null;

  /** Shows images at URLs the agent chose (markdown images, snapshot attachments); off: a link instead. */
  @property({ type: Boolean, attribute: 'allow-remote-images' }) allowRemoteImages = false;

  /**
   * Uploads a file before it is sent and answers its URL (then the part has a `url` source, not inline base64):
   * `async (file, { signal, onProgress }) => url`; `onProgress` takes a fraction from 0 to 1, Stop aborts `signal`.
   */
  @property({ attribute: false }) uploadAttachment: UploadAttachment | null = null;

  /**
   * The page's speech-to-text: `async (audio, { signal, lang, mimeType }) => text`. Set, it shows Dictate, which
   * records with MediaRecorder (in memory only, never saved); the words land in the draft.
   */
  @property({ attribute: false }) transcribe: Transcribe | null = null;

  /**
   * `browser`: Dictate uses the browser's own speech recognition, which may send the audio to the browser's vendor
   * (never the default; no Dictate without `SpeechRecognition`). `.transcribe` wins when both are set.
   */
  @property() dictation: 'browser' | null = null;

  /** Dictation stops after this many seconds (default 120). */
  @property({ type: Number, attribute: 'max-dictation-seconds' }) maxDictationSeconds = 120;

  /** Sends dictated words at once, instead of leaving them in the draft for review. */
  @property({ type: Boolean, attribute: 'dictation-send' }) dictationSend = false;

  /**
   * The page's text-to-speech for Read aloud: `async (text, { signal, lang }) => Blob | void` (a Blob plays from a
   * `blob:` URL; nothing returned: the page spoke it). Without it, `speechSynthesis`.
   */
  @property({ attribute: false }) speak: Speak | null = null;

  /** Shows only artifacts for this cell (bar charts without a cell always show); default: the run's `cell-id`. */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  private text: AgentChatStrings = AGENT_CHAT_STRINGS;
  private readonly markdown = new ReplyText(this, (styles) => this.refresh(styles));
  /** What both generative-UI parts borrow of the chat. */
  private readonly genui = {
    element: this,
    store: () => this.state.store,
    text: () => this.text,
    announce: (text: string) => this.announcer.announce(text),
  };
  private readonly a2ui = new ChatA2ui({
    ...this.genui,
    renderText: (source) => this.markdown.snippet(source, this.text),
    remoteMedia: () => this.allowRemoteImages,
    urls: () => this.markdown.urls(),
    changed: (styles) => this.refresh(styles),
  });

  private readonly mcpApps = new ChatMcpApps({
    ...this.genui,
    permissions: () => this.mcpAppPermissions,
    sandbox: () => this.mcpAppsSandbox,
    changed: () => this.refresh(),
  });

  private readonly voice = chatVoice(this, {
    text: () => this.text,
    announce: (sentence) => this.announcer.announce(sentence),
    draft: () => this.draft,
    setDraft: (draft) =>
      void ((this.draft = draft), this.updateComplete.then(() => this.fitInput())),
    send: () => isRunOpen(this.state.value.run) || this.submit(this.draft),
  });

  /**
   * Shows an activity message (an A2UI surface) of this chat's conversation: scrolls it into view and moves focus to
   * it. False when this chat does not show that message.
   */
  reveal(messageId: string): boolean {
    return revealActivity(this.renderRoot, messageId);
  }

  /** Renders every row again; a part's styles (the highlighter's colours, A2UI's tokens) join this shadow root. */
  private refresh(styles?: CSSResult): void {
    adoptStyles(this.renderRoot, styles);
    this.renderEpoch += 1;
    this.requestUpdate();
  }
  /** Bumped when something every message shows changes (strings, the artifact hook, markdown, a deadline). */
  private renderEpoch = 0;
  /** Draft comments of open approvals (not conversation: they stay here until sent). */
  private readonly drafts = new ApprovalDrafts();
  private readonly rows: TranscriptRows = { frame: 0, byMessage: new WeakMap() };
  private readonly expiry = new DeadlineTimer(() => this.refresh());

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.expiry.clear();
    this.a2ui.dispose();
    this.mcpApps.dispose();
    this.markdown.dispose();
  }

  /** Renders once per animation frame, and while an answer streams at most every STREAM_RENDER_MS (renderPace). */
  protected override async scheduleUpdate(): Promise<unknown> {
    await renderPace(this.renderedAt, () => this.state.value.messages.at(-1)?.streaming === true);
    return super.scheduleUpdate();
  }

  private renderedAt = -Infinity; // when the transcript last rendered (performance.now())

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The table changes with `strings` and with the element's language (a `lang` change, a pack that loaded).
    const text = this.locale.strings('agent-chat', AGENT_CHAT_STRINGS, this.strings);
    const rich = changed.has('richContent') || changed.has('theme');
    if (text !== this.text || changed.has('allowRemoteImages') || rich) {
      this.text = text;
      this.markdown.reset(this.allowRemoteImages, this.richContent);
      this.renderEpoch += 1;
    }
    if (changed.has('renderArtifact') || changed.has('cellId') || changed.has('theme')) {
      this.renderEpoch += 1;
    }
    if (changed.has('theme')) this.mcpApps.contextChanged();
    if (changed.has('speak')) this.renderEpoch += 1; // Read aloud may appear on every answer
  }

  protected override update(changed: PropertyValues<this>): void {
    // After the controllers' hostUpdate, so a store found in this update is the one followed here.
    const { messages } = this.state.value;
    this.markdown.follow(messages);
    this.a2ui.follow(this.state.value, this.state.store);
    this.mcpApps.follow(this.state.value);
    this.expiry.follow(messages);
    this.voice.reading.follow(this.state.value.run);
    this.renderedAt = performance.now();
    super.update(changed);
  }

  protected override firstUpdated(): void {
    // Delegated: the code blocks' Copy buttons are real buttons inside the rendered markdown (keyboard included).
    this.transcript?.addEventListener('click', (event) => this.copying.handleMarkdownClick(event));
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
    this.files.tray.cancel();
    this.state.store?.cancel();
  }

  /** A preset prompt goes as if typed and sent: with the pending files, read or uploaded first; the draft stays. */
  private handlePrompt(prompt: string): void {
    if (isRunOpen(this.state.value.run)) return;
    this.submit(prompt, () => this.scrollFollow.follow());
    this.focusInput();
  }

  private handleDownload(): void {
    if (this.state.store) exportConversation(this, this.state.store, this.text);
  }

  private handleNewThread(): void {
    this.state.store?.reset();
    this.drafts.clear();
    this.scrollFollow.follow();
    this.focusInput();
  }

  private handleRetry(): void {
    this.state.store?.retry();
    this.scrollFollow.follow();
    this.focusInput();
  }

  private handleRegenerate(): void {
    this.state.store?.regenerate();
    this.scrollFollow.follow();
    this.focusInput();
  }

  private handleApprove(approval: Approval): void {
    this.state.store?.approve(approval.id, this.drafts.answer(approval));
    this.focusInput();
  }

  private handleDeny(approval: Approval): void {
    this.state.store?.deny(approval.id, this.drafts.answer(approval));
    this.focusInput();
  }

  private handleComment(approval: Approval, event: Event): void {
    this.drafts.set(approval, (event.target as HTMLTextAreaElement).value);
  }

  /** Copies a person's message, or the whole answer of an agent's run (every message of that run). */
  private handleCopyMessage(message: ChatMessage): void {
    void this.copying.copy(answerText(this.state.value.messages, message), message.id);
  }

  private handleJump(): void {
    this.scrollFollow.jump();
    this.transcript?.focus();
  }

  /** Fires `message-send`: the (possibly rewritten) text, or null when vetoed or blank (blank may go with files). */
  private vet(text: string, withFiles = false): string | null {
    const trimmed = text.trim();
    if (!this.state.store || (!trimmed && !withFiles)) return null;
    const event = new MessageSendEvent({ text: trimmed });
    if (!this.dispatchEvent(event)) return null;
    const final = String(event.detail.text ?? '').trim();
    return final || withFiles ? final : null;
  }

  /** Sends the vetted text (and files, read or uploaded first). */
  private send(text: string): boolean {
    const final = this.vet(text);
    if (final === null) return false;
    this.state.store?.send(final);
    this.scrollFollow.follow();
    return true;
  }

  /** Sends text (and the pending files); `sent` runs after (Send empties the composer, a preset prompt does not). */
  private submit(text: string, sent: () => void = this.clearDraft): void {
    if (this.files.hasFiles) {
      this.files.submit(() => this.vet(text, true), sent);
      return;
    }
    if (!this.send(text)) return;
    sent();
  }

  /** Empties the composer after a send (and follows the conversation to its new end). */
  private readonly clearDraft = (): void => {
    this.scrollFollow.follow();
    this.draft = '';
    if (this.input) {
      this.input.value = '';
      this.fitInput(this.input);
    }
    this.focusInput();
  };

  private focusInput(): void {
    this.input?.focus();
  }

  /** Grows the textarea with its text, up to the CSS max height. */
  private fitInput(textarea: HTMLTextAreaElement | null = this.input): void {
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight + 2}px`;
  }

  /** Re-renders open approvals when the next one expires, so Approve turns off on time. */
  /** What the render modules read and call. */
  private context(view: ChatView): ChatContext {
    return {
      text: this.text,
      view,
      copiedKey: this.copying.copiedKey,
      speakingId: this.voice.reading.speakingId,
      readNoteId: this.voice.reading.noteId,
      readAloud: (message) =>
        this.voice.reading.render(message.id, () => answerText(view.messages, message)),
      renderEpoch: this.renderEpoch,
      windowStart: this.window.start,
      rows: this.rows,
      markdown: (message, index, source) => this.markdown.render(message, index, source, this.text),
      a2ui: (message) => this.a2ui.render(message),
      mcpApp: (message) => this.mcpApps.render(message, view.messages),
      artifact: (part, message, artifact) => {
        const renderer =
          this.renderArtifact ?? defaultRenderer(this.theme, this.cellId, this.locale.lang);
        return renderSafely(renderer, part, message, artifact);
      },
      commentId: (approval) => this.drafts.fieldId(approval),
      comment: (approval) => this.drafts.comment(approval),
      onComment: (approval, event) => this.handleComment(approval, event),
      onApprove: (approval) => this.handleApprove(approval),
      onDeny: (approval) => this.handleDeny(approval),
      onRetry: () => this.handleRetry(),
      onNewThread: () => this.handleNewThread(),
      onRegenerate: () => this.handleRegenerate(),
      onCopy: (message) => this.handleCopyMessage(message),
      attachments: this.files.view(),
      locale: this.locale,
      ...this.conversation.context(view),
    };
  }

  protected override render() {
    const view = this.state.value;
    const text = this.text;
    const ctx = this.context(view);
    const connected = this.state.store !== null;
    const open = isRunOpen(view.run);
    const empty = view.messages.length === 0 && !open;
    return html`<div part="base" class="base">
      ${renderHeader({
        text,
        view,
        connected,
        open,
        onDownload: () => this.handleDownload(),
        onNewThread: () => this.handleNewThread(),
      })}
      ${renderDisclosure(view.disclosure)}
      <div class="stage">
        <div
          part="transcript"
          class="transcript"
          role="log"
          aria-live="off"
          aria-label=${text.transcript}
          aria-busy=${open ? 'true' : 'false'}
          tabindex="0"
          @scroll=${this.scrollFollow.handleScroll}
          @wheel=${this.scrollFollow.handleWheel}
        >
          ${empty ? renderEmpty(ctx, connected) : nothing} ${renderTranscript(ctx, view)}
        </div>
        ${
          this.scrollFollow.atBottom || empty
            ? nothing
            : html`<button part="jump-button" class="jump" type="button" @click=${this.handleJump}>
                ${arrowDownIcon}<span>${text.jumpToLatest}</span>
              </button>`
        }
      </div>
      <div class="composer-slot" ?inert=${this.conversation.editing !== null}>
        ${renderComposer({
          text,
          view,
          connected,
          prompts: this.prompts,
          draft: this.draft,
          toast: this.copying.toast,
          onSubmit: (event) => this.handleSubmit(event),
          onInput: (event) => this.handleInput(event),
          onKeydown: (event) => this.handleKeydown(event),
          onPrompt: (prompt) => this.handlePrompt(prompt),
          onStop: () => this.handleStop(),
          onLoadLatest: () => void this.state.store?.reloadThread(),
          attachments: this.files.composer(!connected),
          dictation: this.voice.dictating.composer(!connected),
        })}
      </div>
      ${this.files.dialog()}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        ${this.announcer.text}
      </div>
    </div>`;
  }
}
