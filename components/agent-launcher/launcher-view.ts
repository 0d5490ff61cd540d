// What the launcher reads of its run (whether a reply finished) and the icons it draws.
import { svg } from 'lit';
import { isRunOpen } from '../../src/store/reducer.js';
import type { ChatMessage, RunStatus, RunStoreState } from '../../src/store/types.js';

export interface LauncherView {
  readonly run: number;
  readonly status: RunStatus;
  readonly streaming: boolean;
  /** Whether the current run has written an answer. */
  readonly replied: boolean;
}

/** Whether run `run` holds an assistant message (its messages are the newest, so this reads from the end). */
function hasReplyOf(messages: readonly ChatMessage[], run: number): boolean {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.run === run && message.role === 'assistant') return true;
    if (message.run !== 0 && message.run < run) return false;
  }
  return false;
}

export const selectLauncher = (state: RunStoreState): LauncherView => ({
  run: state.run.number,
  status: state.run.status,
  streaming: isRunOpen(state.run),
  replied: hasReplyOf(state.messages, state.run.number),
});

export const chatIcon = svg`<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true"><path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4V5a2 2 0 0 1 0-2z"/></svg>`;
export const closeIcon = svg`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path stroke="currentColor" stroke-width="2.2" stroke-linecap="round" d="M6 6l12 12M18 6 6 18"/></svg>`;
