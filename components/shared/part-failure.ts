// What an element shows in place of a part of this package that could not load (a chunk not copied beside the
// script, a CSP that forbids it, offline): what is missing and where it was looked for, in words.
import { css, html } from 'lit';

/** Why a part failed to load, in words: the loader's message names the file it asked for. */
export function partFailureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() || 'the file could not be loaded';
}

/** The sentence shown in place of a part (`{part}`, `{reason}`): hosts may pass their own. */
export const PART_FAILURE_TEXT = '{part} could not be loaded here: {reason}.';

/** The sentence shown in place of an artifact when `<agent-artifact>` itself could not load (`{reason}`). */
export const ARTIFACT_VIEW_UNAVAILABLE = 'Artifacts cannot be shown here: {reason}.';

/** A status note in place of a part that could not load. Style it with `partFailureStyles`. */
export function renderPartFailure(part: string, error: unknown, text = PART_FAILURE_TEXT) {
  const sentence = text.replace('{part}', part).replace('{reason}', partFailureReason(error));
  return html`<p class="part-failure" part="part-failure" role="status">${sentence}</p>`;
}

/** The note's look, for the shadow roots that can show one. */
export const partFailureStyles = css`
  .part-failure {
    margin: 0;
    padding: var(--_agui-space-s) var(--_agui-space-m);
    border: 1px dashed var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
    overflow-wrap: anywhere;
  }
`;
