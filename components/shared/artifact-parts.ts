// Template pieces the artifact elements share: meta lines, the loading skeleton, the load error with its Retry.
import { html, type TemplateResult } from 'lit';

/** Meta items separated by a middle dot, read as text (`Cell 1 · Last 24 hours`). */
export function joinMeta(items: readonly (TemplateResult | string)[]): TemplateResult[] {
  return items.map((item, index) => html`${index > 0 ? ' · ' : ''}${item}`);
}

/** A loading skeleton: a busy status for assistive technology, shimmering lines and a block for the eye. */
export function renderSkeleton(label: string, block = true): TemplateResult {
  return html`<div part="loading" class="skeleton" role="status" aria-busy="true">
    <span class="visually-hidden">${label}</span>
    <span class="skeleton-line" aria-hidden="true"></span>
    <span class="skeleton-line short" aria-hidden="true"></span>
    ${block ? html`<span class="skeleton-block" aria-hidden="true"></span>` : ''}
  </div>`;
}

/** A failed load: what failed and why (an alert), and a Retry button that loads again. */
export function renderLoadError(
  heading: string,
  reason: string,
  retryLabel: string,
  onRetry: () => void,
): TemplateResult {
  return html`<div part="error" class="error" role="alert">
    <p><strong>${heading}</strong> ${reason}</p>
    <button part="retry" class="button" type="button" @click=${onRetry}>${retryLabel}</button>
  </div>`;
}
