// The transcript: one row per message (guarded, so a streamed token re-renders only its message), its parts in the
// order they happened, the actions under a run's last message, and the notes at the end.
import { html, nothing } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { isRunOpen } from '../../src/store/reducer.js';
import type { ChatMessage, MessagePart, RunInfo } from '../../src/store/types.js';
import {
  CAN_REGENERATE,
  CAN_RETRY,
  COPIED,
  LAST_OF_RUN,
  RUN_OPEN,
  READ_NOTE,
  SPEAKING,
  type ChatContext,
  type ChatView,
} from './chat-context.js';
import { checkIcon, copyIcon, regenerateIcon, stopIcon, thinkingIcon } from './icons.js';
import {
  renderActivity,
  renderApproval,
  renderDefaultArtifact,
  renderError,
  renderReasoning,
  renderToolCall,
} from './render-parts.js';
import { renderMessageAttachments, renderSentAttachment } from './render-attachments.js';
import {
  renderEditButton,
  renderEditor,
  renderFeedback,
  renderFeedbackComment,
  renderSubagent,
  renderVersions,
} from './render-conversation.js';
import { messageText, reasoningText } from './transcript-text.js';

interface TranscriptContext {
  readonly messages: readonly ChatMessage[];
  readonly open: boolean;
  readonly run: RunInfo;
  readonly lastIndex: number;
  readonly canRegenerate: boolean;
  readonly canRetry: boolean;
}

/** Three pulsing dots: the agent is writing. */
export const typing = html`<span class="typing" aria-hidden="true"
  ><span></span><span></span><span></span
></span>`;

function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    if (test(items[index] as T)) return index;
  }
  return -1;
}

/** The note after a run that was cancelled before it said anything (a page closed mid-run offers Retry). */
function renderRunNote(ctx: ChatContext, run: RunInfo) {
  const text = ctx.text;
  if (run.cause === 'page-closed') {
    return html`<p class="run-note">
      ${text.cancelledPageClosed}
      <button class="button" part="retry-button" type="button" @click=${ctx.onRetry}>
        ${regenerateIcon}<span>${text.retry}</span>
      </button>
    </p>`;
  }
  return html`<p class="run-note">
    ${run.cause === 'agent' ? text.cancelledByAgent : text.stoppedBeforeReply}
  </p>`;
}

interface RowKey {
  readonly flags: number;
  readonly epoch: number;
  readonly version: string;
  readonly feedback: unknown;
  readonly editing: string | null;
}

interface RowEntry {
  readonly key: RowKey;
  readonly row: unknown;
  /** The render that last showed the row. */
  frame: number;
}

/** A chat's rows: its render count, and each message's last row (its guard and what it was made from). */
export interface TranscriptRows {
  frame: number;
  readonly byMessage: WeakMap<ChatMessage, RowEntry>;
}

function sameRow(
  key: RowKey,
  flags: number,
  epoch: number,
  version: string,
  feedback: unknown,
  editing: string | null,
): boolean {
  return (
    key.flags === flags &&
    key.epoch === epoch &&
    key.version === version &&
    key.feedback === feedback &&
    key.editing === editing
  );
}

function messageFlags(
  ctx: ChatContext,
  message: ChatMessage,
  index: number,
  context: TranscriptContext,
): number {
  let flags = 0;
  if (index === context.lastIndex && context.canRegenerate) flags |= CAN_REGENERATE;
  if (
    context.canRetry &&
    message.run === context.run.number &&
    message.parts.some((part) => part.kind === 'error')
  ) {
    flags |= CAN_RETRY;
  }
  if (ctx.copiedKey === message.id) flags |= COPIED;
  if (ctx.speakingId === message.id) flags |= SPEAKING;
  if (ctx.readNoteId === message.id) flags |= READ_NOTE;
  const next = context.messages[index + 1];
  if (!next || next.run !== message.run || message.run === 0) flags |= LAST_OF_RUN;
  if (context.open && message.run === context.run.number) flags |= RUN_OPEN;
  return flags;
}

function renderPart(
  ctx: ChatContext,
  message: ChatMessage,
  part: MessagePart,
  index: number,
  flags: number,
): unknown {
  switch (part.kind) {
    case 'text':
      return message.role === 'assistant'
        ? ctx.markdown(message, index, part.text)
        : html`<div class="plain reply-text" dir="auto">${part.text}</div>`;
    case 'reasoning':
      return renderReasoning(ctx, part.text, message.streaming);
    case 'tool-call': {
      // A2UI's render call shows as the surface its middleware makes of it (an activity in this turn).
      if (part.name === 'render_a2ui' && part.status !== 'failed') return nothing;
      const custom = part.family === 'render' ? ctx.artifact(part, message) : undefined;
      return custom !== undefined
        ? html`<div class="artifact">${custom}</div>`
        : renderToolCall(ctx, part, flags);
    }
    case 'artifact': {
      const artifact = ctx.view.artifacts.find((item) => item.id === part.artifactId);
      const custom = ctx.artifact(part, message, artifact);
      if (custom !== undefined) return html`<div class="artifact">${custom}</div>`;
      return artifact ? renderDefaultArtifact(ctx, artifact) : nothing;
    }
    case 'approval':
      return renderApproval(ctx, part.approval);
    case 'error':
      return renderError(ctx, part, (flags & CAN_RETRY) !== 0);
    case 'attachment':
      return renderSentAttachment(ctx.attachments, part);
    case 'subagent':
      return renderSubagent(ctx, part, (flags & RUN_OPEN) !== 0, (lane) =>
        lane.parts.map((inner, at) => renderPart(ctx, lane, inner, at, flags)),
      );
    default: {
      const unknown: never = part;
      void unknown;
      return nothing;
    }
  }
}

const textRuns = new WeakMap<readonly ChatMessage[], ReadonlySet<number>>();

/**
 * The runs whose answers hold text (their last row offers Copy), once per list of messages: a restored thread renders
 * hundreds of rows from one list, and each asking anew would walk the whole thread.
 */
function runsWithText(messages: readonly ChatMessage[]): ReadonlySet<number> {
  let runs = textRuns.get(messages);
  if (!runs) {
    const found = new Set<number>();
    for (const item of messages) {
      if (item.role === 'assistant' && !found.has(item.run) && messageText(item) !== '') {
        found.add(item.run);
      }
    }
    runs = found;
    textRuns.set(messages, runs);
  }
  return runs;
}

function renderActions(ctx: ChatContext, message: ChatMessage, flags: number) {
  const text = ctx.text;
  const versions = ctx.versions.get(message.id);
  if ((flags & LAST_OF_RUN) === 0 || message.streaming) {
    // A streaming answer keeps its versions reachable (switching cancels the run).
    return versions
      ? html`<div part="actions" class="actions">${renderVersions(ctx, versions)}</div>`
      : nothing;
  }
  const copyable =
    message.role === 'user'
      ? messageText(message) !== ''
      : runsWithText(ctx.view.messages).has(message.run);
  const regenerate = (flags & CAN_REGENERATE) !== 0;
  const user = message.role === 'user';
  const rated = !user && copyable && (flags & RUN_OPEN) === 0;
  if (!copyable && !regenerate && !message.stopped && !versions && !user) return nothing;
  const copied = (flags & COPIED) !== 0;
  return html`<div part="actions" class="actions">
    ${versions ? renderVersions(ctx, versions) : nothing}
    ${user && ctx.editing === null ? renderEditButton(ctx, message) : nothing}
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
            @click=${() => ctx.onCopy(message)}
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
            @click=${ctx.onRegenerate}
          >
            ${regenerateIcon}<span class="action-label">${text.regenerate}</span>
          </button>`
        : nothing
    }
    ${rated ? ctx.readAloud(message) : nothing} ${rated ? renderFeedback(ctx, message) : nothing}
  </div>`;
}

function renderMessage(ctx: ChatContext, message: ChatMessage, flags: number) {
  const text = ctx.text;
  switch (message.role) {
    case 'user':
      return html`<div
        class="row user"
        part="message user-message"
        data-run=${message.run}
        data-role="user"
      >
        ${
          ctx.editing === message.id
            ? renderEditor(ctx)
            : html`<div class="user-line">
                ${renderActions(ctx, message, flags)}
                <div class="bubble">
                  <span class="visually-hidden">${text.you}:</span>
                  <div class="plain" dir="auto">${messageText(message)}</div>
                  ${renderMessageAttachments(ctx.attachments, message)}
                </div>
              </div>`
        }
      </div>`;
    case 'reasoning':
      return html`<div
        class="row assistant"
        part="message assistant-message"
        data-run=${message.run}
        data-role="reasoning"
      >
        ${renderReasoning(ctx, reasoningText(message), message.streaming)}
      </div>`;
    case 'activity':
      return html`<div
        class="row assistant"
        part="message"
        data-run=${message.run}
        data-role="activity"
      >
        ${renderActivity(ctx, message)}
      </div>`;
    case 'system':
    case 'developer':
      return html`<div class="row note" part="message" data-run=${message.run} data-role="system">
        <span class="note-label">${text.system}</span>
        <div class="plain" dir="auto">${messageText(message)}</div>
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
        ${message.parts.map((part, index) => renderPart(ctx, message, part, index, flags))}
        ${message.streaming ? typing : nothing} ${renderActions(ctx, message, flags)}
        ${(flags & LAST_OF_RUN) !== 0 && !message.streaming ? renderFeedbackComment(ctx, message) : nothing}
      </div>`;
    default: {
      const unknown: never = message.role;
      void unknown;
      return nothing;
    }
  }
}

export function renderTranscript(ctx: ChatContext, view: ChatView) {
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
    (run.cause === 'page-closed' ||
      !messages.some((message) => message.run === run.number && message.stopped));
  const frame = ++ctx.rows.frame;
  return html`<div class="messages">
    ${repeat(
      ctx.windowStart > 0 ? messages.slice(ctx.windowStart) : messages,
      (message) => message.id,
      (message, shown) => {
        const index = shown + ctx.windowStart;
        const flags = messageFlags(ctx, message, index, context);
        const versions = ctx.versions.get(message.id);
        const version = versions ? `${versions.current}/${versions.count}` : '';
        const feedback = ctx.view.feedback[message.id];
        // The same guard as last frame when nothing of the row changed: a long transcript then allocates nothing per
        // settled row while a reply streams (less garbage, shorter collections).
        // Only a row the previous render showed: its guard is still in place and skips it; a row back from another
        // version or window is made afresh, with this render's context.
        const last = ctx.rows.byMessage.get(message);
        if (
          last &&
          last.frame === frame - 1 &&
          sameRow(last.key, flags, ctx.renderEpoch, version, feedback, ctx.editing)
        ) {
          last.frame = frame;
          return last.row;
        }
        const key: RowKey = {
          flags,
          epoch: ctx.renderEpoch,
          version,
          feedback,
          editing: ctx.editing,
        };
        const row = guard([message, flags, key.epoch, version, feedback, key.editing], () =>
          renderMessage(ctx, message, flags),
        );
        ctx.rows.byMessage.set(message, { key, row, frame });
        return row;
      },
    )}
    ${
      open && !runHasContent
        ? html`<div class="row assistant pending" data-pending>
            ${typing}
            <span class="visually-hidden">${ctx.text.working}</span>
          </div>`
        : nothing
    }
    ${stoppedRun && messages.length > 0 ? renderRunNote(ctx, run) : nothing}
  </div>`;
}

export function renderEmpty(ctx: ChatContext, connected: boolean) {
  const text = ctx.text;
  return html`<div part="empty" class="empty">
    <slot name="empty">
      <div class="empty-mark">${thinkingIcon}</div>
      <p class="empty-title">${text.emptyTitle}</p>
      <p class="empty-body">${connected ? text.emptyBody : text.noStore}</p>
    </slot>
  </div>`;
}
