// The conversation features in the transcript: subagent blocks, the Edit button and editor, version navigation and
// the feedback toggles with their optional comment.
import { html, nothing, svg, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { VersionNavigation } from '../../src/store/branches.js';
import type { ChatMessage, SubagentPart } from '../../src/store/types.js';
import { format } from '../shared/strings.js';
import type { ChatContext } from './chat-context.js';
import { chevronIcon, errorIcon, icon } from './icons.js';

const editIcon = icon(
  svg`<path d="M12 20h9"></path><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z"></path>`,
);
const previousIcon = icon(svg`<path d="m15 6-6 6 6 6"></path>`);
const goodIcon = icon(
  svg`<path d="M7 10v11"></path><path d="M15 5.9 14 10h5.8a2 2 0 0 1 2 2.3l-1.4 7A2 2 0 0 1 18.4 21H7V10l4-8a3 3 0 0 1 4 3.9Z"></path>`,
);
const badIcon = icon(
  svg`<path d="M17 14V3"></path><path d="M9 18.1 10 14H4.2a2 2 0 0 1-2-2.3l1.4-7A2 2 0 0 1 5.6 3H17v11l-4 8a3 3 0 0 1-4-3.9Z"></path>`,
);
const subagentIcon = icon(
  svg`<circle cx="12" cy="5" r="2"></circle><circle cx="5" cy="19" r="2"></circle><circle cx="19" cy="19" r="2"></circle><path d="M12 7v4M12 11l-6 6M12 11l6 6"></path>`,
);

/** Elapsed time as a person reads it: `0.4 s`, `12 s`, `2 min 5 s`. */
export function elapsedText(ctx: ChatContext, ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return format(ctx.text.subagentSeconds, { seconds: seconds.toFixed(1) });
  if (seconds < 60) return format(ctx.text.subagentSeconds, { seconds: Math.round(seconds) });
  const whole = Math.round(seconds);
  return format(ctx.text.subagentMinutes, { minutes: Math.floor(whole / 60), seconds: whole % 60 });
}

/**
 * A subagent's block: a disclosure named by the subagent with its status and elapsed time, open while it runs,
 * holding its own messages (rendered by `lane`, nested blocks included).
 */
export function renderSubagent(
  ctx: ChatContext,
  part: SubagentPart,
  runOpen: boolean,
  lane: (message: ChatMessage) => unknown,
): TemplateResult {
  const text = ctx.text;
  const live = part.status === 'running' && runOpen;
  const status = part.status === 'running' && !live ? 'stopped' : part.status;
  const label = {
    running: text.subagentRunning,
    waiting: text.subagentWaiting,
    done: text.subagentDone,
    failed: text.subagentFailed,
    stopped: text.subagentStopped,
  }[status];
  const elapsed = part.endedAt !== undefined ? part.endedAt - part.startedAt : null;
  return html`<details
    part="subagent"
    class="subagent"
    data-status=${status}
    data-subagent=${part.id}
    ?open=${live}
  >
    <summary>
      <span class="subagent-icon">${subagentIcon}</span>
      <span class="subagent-title">
        <span class="subagent-kind">${text.subagent}</span>
        <span class="subagent-name">${part.name}</span>
        <span class="subagent-status" data-status=${status}>
          ${live ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}${label}${
            elapsed !== null
              ? html` · <span class="subagent-time">${elapsedText(ctx, elapsed)}</span>`
              : nothing
          }
        </span>
      </span>
      <span class="chevron">${chevronIcon}</span>
    </summary>
    <div class="subagent-body">
      ${part.description ? html`<p class="subagent-description">${part.description}</p>` : nothing}
      ${part.messages.map((message) => lane(message))}
      ${
        part.status === 'failed'
          ? html`<p class="subagent-error">
              ${errorIcon}<span>${format(text.subagentError, { reason: part.error ?? '' })}</span>
            </p>`
          : nothing
      }
    </div>
  </details>`;
}

export function renderEditButton(ctx: ChatContext, message: ChatMessage) {
  return html`<button
    part="edit-button"
    class="icon-button"
    type="button"
    title=${ctx.text.edit}
    data-edit=${message.id}
    @click=${() => ctx.onEdit(message)}
  >
    ${editIcon}<span class="action-label">${ctx.text.edit}</span>
  </button>`;
}

/** The person's message open for editing, in place of its bubble. */
export function renderEditor(ctx: ChatContext) {
  const text = ctx.text;
  return html`<form part="editor" class="editor" @submit=${ctx.onSaveEdit}>
    <label class="visually-hidden" for="edit-message">${text.editMessage}</label>
    <textarea
      id="edit-message"
      part="edit-input"
      rows="3"
      .value=${live(ctx.editDraft)}
      @input=${ctx.onEditInput}
      @keydown=${ctx.onEditKeydown}
    ></textarea>
    <div class="editor-actions">
      <button part="cancel-edit-button" class="button" type="button" @click=${ctx.onCancelEdit}>
        ${text.cancelEditing}
      </button>
      <button part="save-edit-button" class="button primary" type="submit">
        ${text.saveAndSend}
      </button>
    </div>
  </form>`;
}

/** Previous version / Next version around `N / M`. */
export function renderVersions(ctx: ChatContext, navigation: VersionNavigation) {
  const text = ctx.text;
  const { current, count } = navigation;
  return html`<span
    part="versions"
    class="versions"
    role="group"
    aria-label=${text.versions}
    data-after=${navigation.after ?? ''}
  >
    <button
      class="icon-button"
      type="button"
      aria-label=${text.previousVersion}
      title=${text.previousVersion}
      data-step="previous"
      ?disabled=${current === 0}
      @click=${() => ctx.onVersion(navigation, current - 1)}
    >
      ${previousIcon}
    </button>
    <span class="version-count">${format(text.versionOf, { current: current + 1, count })}</span>
    <button
      class="icon-button"
      type="button"
      aria-label=${text.nextVersion}
      title=${text.nextVersion}
      data-step="next"
      ?disabled=${current === count - 1}
      @click=${() => ctx.onVersion(navigation, current + 1)}
    >
      ${chevronIcon}
    </button>
  </span>`;
}

/** Good response / Bad response, pressed as the store keeps them. */
export function renderFeedback(ctx: ChatContext, message: ChatMessage) {
  const value = ctx.view.feedback[message.id]?.value ?? null;
  const toggle = (kind: 'good' | 'bad', name: string, glyph: TemplateResult) =>
    html`<button
      part="feedback-button"
      class="icon-button feedback"
      type="button"
      title=${name}
      data-feedback=${kind}
      aria-pressed=${value === kind ? 'true' : 'false'}
      @click=${() => ctx.onFeedback(message, kind)}
    >
      ${glyph}<span class="action-label">${name}</span>
    </button>`;
  return html`${toggle('good', ctx.text.goodResponse, goodIcon)}${toggle('bad', ctx.text.badResponse, badIcon)}`;
}

/** The optional comment, offered once an answer is rated. */
export function renderFeedbackComment(ctx: ChatContext, message: ChatMessage) {
  const feedback = ctx.view.feedback[message.id];
  if (!feedback) return nothing;
  const id = `feedback-${message.id}`;
  return html`<details part="feedback-comment" class="feedback-comment">
    <summary>${ctx.text.addComment}</summary>
    <form @submit=${(event: Event) => ctx.onFeedbackComment(message, event)}>
      <label class="approval-label" for=${id}>${ctx.text.feedbackComment}</label>
      <textarea id=${id} rows="2" .value=${feedback.comment ?? ''}></textarea>
      <button class="button" type="submit">${ctx.text.saveComment}</button>
    </form>
  </details>`;
}
