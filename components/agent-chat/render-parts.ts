// The transcript's parts: reasoning, tool calls, approvals, errors, artifacts shown by default, activity messages.
import { dateFormatFor } from '../../src/i18n/intl.js';
import { failureText } from '../shared/failure-text.js';
import { isA2uiActivity } from './chat-a2ui.js';
import { isMcpAppActivity } from './genui/chat-mcp-apps.js';
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type {
  Approval,
  Artifact,
  ArtifactPart,
  ChatMessage,
  ErrorPart,
  ToolCallPart,
  ToolCallStatus,
  ToolFamily,
} from '../../src/store/types.js';
import type { Theme } from '../shared/agui-element.js';
import { createArtifactRenderer } from '../shared/artifact-view.js';
import { format } from '../shared/strings.js';
import type { ArtifactRenderer } from './agent-chat.js';
import { RUN_OPEN, type ChatContext } from './chat-context.js';
import {
  activityIcon,
  approvalIcon,
  checkIcon,
  chevronIcon,
  errorIcon,
  frontendIcon,
  newThreadIcon,
  presentationIcon,
  regenerateIcon,
  renderIcon,
  thinkingIcon,
  workflowIcon,
} from './icons.js';
import { activitySummary, prettyArguments, prettyResult } from './transcript-text.js';

/** The artifact registry's renderer for a chat with this theme and cell filter. */
export function defaultRenderer(
  theme: Theme | null | undefined,
  cellId: string | null,
  lang: string,
): ArtifactRenderer {
  return createArtifactRenderer({
    lang,
    ...(theme ? { theme } : {}),
    ...(cellId !== null ? { cellId } : {}),
  });
}

/** The host's or the registry's rendering of an artifact; undefined (the default part) also when the hook throws. */
export function renderSafely(
  renderer: ArtifactRenderer,
  part: ToolCallPart | ArtifactPart,
  message: ChatMessage | null,
  artifact?: Artifact,
): TemplateResult | undefined {
  try {
    return renderer(part, message, artifact);
  } catch {
    return undefined;
  }
}

/** Whether an approval's deadline has passed. */
export function isExpired(approval: Approval, now: number): boolean {
  if (!approval.expiresAt) return false;
  const at = Date.parse(approval.expiresAt);
  return Number.isFinite(at) && at <= now;
}

export function familyLabel(
  ctx: ChatContext,
  family: ToolFamily,
): { label: string; note: string; icon: TemplateResult } {
  const text = ctx.text;
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

export function statusLabel(ctx: ChatContext, status: ToolCallStatus): string {
  const text = ctx.text;
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

export function renderReasoning(ctx: ChatContext, text: string, streaming: boolean) {
  return html`<details part="reasoning" class="thinking" ?data-live=${streaming}>
    <summary>
      ${thinkingIcon}<span>${streaming ? ctx.text.thinkingLive : ctx.text.thinking}</span>
      <span class="chevron">${chevronIcon}</span>
    </summary>
    <div class="thinking-text" dir="auto">${text}</div>
  </details>`;
}

export function renderToolCall(ctx: ChatContext, part: ToolCallPart, flags: number) {
  const family = familyLabel(ctx, part.family);
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
          ${unanswered ? ctx.text.statusNoResult : statusLabel(ctx, part.status)}
        </span>
      </span>
      <span class="chevron">${chevronIcon}</span>
    </summary>
    <div class="tool-body">
      <p class="tool-note">${family.note}</p>
      <p class="label">${ctx.text.arguments}</p>
      ${
        args
          ? html`<pre class="json" data-field="arguments" dir="auto">${args}</pre>`
          : html`<p class="muted">${ctx.text.noArguments}</p>`
      }
      ${
        part.result !== undefined
          ? html`<p class="label">${ctx.text.result}</p>
              <pre class="json" data-field="result" dir="auto">${prettyResult(part.result)}</pre>`
          : nothing
      }
      ${
        part.error
          ? html`<p class="tool-error"><strong>${ctx.text.toolError}:</strong> ${part.error}</p>`
          : nothing
      }
    </div>
  </details>`;
}

export function renderApproval(ctx: ChatContext, approval: Approval) {
  const text = ctx.text;
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
      <span class="approval-verdict">${answer.approved ? checkIcon : approvalIcon}${verdict}</span>
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
  const time = Number.isFinite(expiresAt)
    ? dateFormatFor(ctx.locale.lang, { hour: '2-digit', minute: '2-digit' }).format(expiresAt)
    : '';
  const commentId = ctx.commentId(approval);
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
              .value=${live(ctx.comment(approval))}
              @input=${(event: Event) => ctx.onComment(approval, event)}
            ></textarea>`
    }
    <div class="approval-actions">
      <button
        part="approve-button"
        class="button primary"
        type="button"
        ?disabled=${expired}
        @click=${() => ctx.onApprove(approval)}
      >
        ${text.approve}
      </button>
      <button
        part="deny-button"
        class="button"
        type="button"
        ?disabled=${expired}
        @click=${() => ctx.onDeny(approval)}
      >
        ${text.deny}
      </button>
    </div>
  </section>`;
}

export function renderDefaultArtifact(ctx: ChatContext, artifact: Artifact) {
  const text = ctx.text;
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
          ? html`<span class="muted">${format(text.artifactFrom, { agent: artifact.agent })}</span>`
          : nothing
      }
      <span class="chevron">${chevronIcon}</span>
    </summary>
    <p class="label">${text.props}</p>
    <pre class="json" dir="auto">${props}</pre>
  </details>`;
}

export function renderError(ctx: ChatContext, part: ErrorPart, canRetry: boolean) {
  const { failure } = part;
  const text = ctx.text;
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
      <p class="error-reason">${failureText(failure, ctx.locale)}</p>
      ${tooLong ? html`<p class="error-hint">${text.tooLongHint}</p>` : nothing}
      <div class="error-actions">
        ${
          tooLong
            ? html`<button
                class="button primary"
                part="new-thread-inline-button"
                type="button"
                @click=${ctx.onNewThread}
              >
                ${newThreadIcon}<span>${text.startNewThread}</span>
              </button>`
            : canRetry
              ? html`<button class="button" part="retry-button" type="button" @click=${ctx.onRetry}>
                  ${regenerateIcon}<span>${text.retry}</span>
                </button>`
              : nothing
        }
      </div>
    </div>
  </div>`;
}

export function renderActivity(ctx: ChatContext, message: ChatMessage) {
  if (isA2uiActivity(message)) return ctx.a2ui(message);
  if (isMcpAppActivity(message)) return ctx.mcpApp(message);
  let content = '';
  try {
    content = JSON.stringify(message.activityContent ?? {}, null, 2);
  } catch {
    content = '';
  }
  return html`<details part="activity" class="card">
    <summary>
      ${activityIcon}
      <span>${format(ctx.text.activity, { type: message.activityType ?? '' })}</span>
      <span class="muted">${activitySummary(message.activityContent)}</span>
      <span class="chevron">${chevronIcon}</span>
    </summary>
    <pre class="json" dir="auto">${content}</pre>
  </details>`;
}
