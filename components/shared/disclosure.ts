// The disclosure sentence of a run ("Synthetic data from a prepared demo recipe…"), kept in the store's view state
// so every element bound to the store shows it, however it found the store.
import { html, nothing } from 'lit';
import type { RunStoreLike, RunStoreState } from '../../src/store/types.js';

/** The view-state key the disclosure lives under; never sent to the agent. */
export const DISCLOSURE_VIEW_ID = 'agui-disclosure';

interface DisclosureView {
  readonly text: string | null;
}

/** The disclosure every element bound to this store shows, or null. */
export function selectDisclosure(state: RunStoreState): string | null {
  const view = state.view[DISCLOSURE_VIEW_ID] as DisclosureView | undefined;
  return view?.text ?? null;
}

/** Sets (or clears, with null) the disclosure of a store. */
export function setDisclosure(store: RunStoreLike, text: string | null): void {
  const value = text?.trim() ? text.trim() : null;
  if (selectDisclosure(store.getState()) === value) return;
  store.setView(DISCLOSURE_VIEW_ID, () => ({ text: value }));
}

/** The disclosure line (`part="disclosure"`), or nothing; the host's words, so their direction is their own. */
export const renderDisclosure = (text: string | null | undefined) =>
  text ? html`<p part="disclosure" class="disclosure" dir="auto">${text}</p>` : nothing;
