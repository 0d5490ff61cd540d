// The conversation features in the transcript: subagent blocks, the Edit button and editor, version navigation and
// the feedback toggles with their optional comment.
import { html, nothing, svg, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { VersionNavigation } from '../../src/store/branches.js';
import type { ChatMessage, SubagentPart } from '../../src/store/types.js';
import { format } from '../shared/strings.js';
import type { ChatContext } from './chat-context.js';
import { chevronIcon, icon } from './icons.js';

const editIcon = icon(
  svg`<path d="M12 20h9"></path><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z"></path>`,
);
const previousIcon = icon(svg`<path d="m15 6-6 6 6 6"></path>`);
const goodIcon = icon(svg`<path d="M7 10v11H3V10Zm0 0 4-8a3 3 0 0 1 3 3v4h6l-2 12H7"></path>`);
const badIcon = icon(svg`<path d="M17 14V3h4v11Zm0 0-4 8a3 3 0 0 1-3-3v-4H4L6 3h11"></path>`);
const subagentIcon = icon(svg`<path d="M12 3v6m0 0-6 9m6-9 6 9"></path>`);

const spinner = html`<span class="spinner" aria-hidden="true"></span>`;

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
    running: text.statusRunning,
    waiting: text.subagentWaiting,
    done: text.statusDone,
    failed: text.statusFailed,
    stopped: text.stopped,
  }[status];
  // Elapsed time, in tenths of a second.
  const seconds =
    part.endedAt !== undefined ? ((part.endedAt - part.startedAt) / 1000).toFixed(1) : null;
  return html`<details
    part="subagent"
    class="tool subagent"
    data-status=${status}
    data-subagent=${part.id}
    ?open=${live}
  >
    <summary>
      <span class="tool-icon">${subagentIcon}</span>
      <span class="tool-title">
        <span class="tool-family">${text.subagent}</span>
        <span class="tool-name subagent-name">${part.name}</span>
        <span class="tool-status subagent-status" data-status=${status}>
          ${live ? spinner : nothing}${label}${
            seconds !== null ? ` · ${format(text.subagentSeconds, { seconds })}` : nothing
          }
        </span>
      </span>
      <span class="chevron">${chevronIcon}</span>
    </summary>
    <div class="tool-body">
      ${part.description ? html`<p class="tool-note">${part.description}</p>` : nothing}
      ${part.messages.map((message) => lane(message))}
      ${
        part.status === 'failed'
          ? html`<p class="tool-error subagent-error">
              <strong>${text.toolError}:</strong> ${part.error}
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
    <div class="approval-actions">
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
  const { current, count } = navigation;
  const step = (kind: string, label: string, glyph: TemplateResult, to: number) =>
    html`<button
      class="icon-button"
      type="button"
      title=${label}
      data-step=${kind}
      ?disabled=${to < 0 || to >= count}
      @click=${() => ctx.onVersion(navigation, to)}
    >
      ${glyph}<span class="action-label">${label}</span>
    </button>`;
  return html`<span
    part="versions"
    class="versions"
    role="group"
    aria-label=${ctx.text.versions}
    data-after=${navigation.after ?? ''}
  >
    ${step('previous', ctx.text.previousVersion, previousIcon, current - 1)}
    <span>${format(ctx.text.versionOf, { current: current + 1, count })}</span>
    ${step('next', ctx.text.nextVersion, chevronIcon, current + 1)}
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
      <label class="approval-label" for=${id}>${ctx.text.comment}</label>
      <textarea id=${id} rows="2" .value=${feedback.comment ?? ''}></textarea>
      <button class="button" type="submit">${ctx.text.saveComment}</button>
    </form>
  </details>`;
}
