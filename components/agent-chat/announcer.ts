// AnnouncementController: the chat's polite live region — one sentence per finished run, computed from the state.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isRunOpen } from '../../src/store/reducer.js';
import type { Approval, ChatMessage, RunInfo } from '../../src/store/types.js';
import { failureText } from '../shared/failure-text.js';
import type { LocaleController } from '../shared/locale-controller.js';
import { format } from '../shared/strings.js';
import type { AgentChatStrings } from './strings.js';
import { announcement, plainText } from './transcript-text.js';

/** What an announcement is computed from. */
export interface AnnouncedState {
  /** The store bound now (a store found mid-way announces nothing of its history). */
  readonly store: unknown;
  readonly run: RunInfo;
  readonly messages: readonly ChatMessage[];
  readonly approvals: readonly Approval[];
  readonly text: AgentChatStrings;
  /** The chat's language, for a failure's reason (without it: the stored English reason). */
  readonly locale?: LocaleController;
}

/** The sentence for a run that just ended, or null when it ended without one (cancelled by a reset). */
export function runAnnouncement(state: AnnouncedState): string | null {
  const { run, text } = state;
  switch (run.status) {
    case 'Completed': {
      const reply = announcement(
        state.messages
          .filter((message) => message.run === run.number && message.role === 'assistant')
          .flatMap((message) =>
            message.parts.map((part) => (part.kind === 'text' ? plainText(part.text) : '')),
          )
          .join(' '),
      );
      return reply ? format(text.announceReply, { text: reply }) : text.announceDone;
    }
    case 'Needs approval': {
      const open = state.approvals.filter((approval) => approval.answer === null);
      const what = open.map((approval) => approval.message ?? approval.toolName ?? approval.reason);
      return format(text.announceApproval, { text: announcement(what.join('; ')) });
    }
    case 'Failed':
      return format(text.announceFailed, {
        reason: state.locale ? failureText(run.failure, state.locale) : (run.failure?.reason ?? ''),
      });
    case 'Cancelled':
      if (run.cause === 'user') return text.announceStopped;
      if (run.cause === 'agent') return text.announceCancelled;
      return null;
    default:
      return null;
  }
}

/** Owns the live region's text: announces each finished run once, after the update that shows it. */
export class AnnouncementController implements ReactiveController {
  /** The live region's text. */
  text = '';

  private announcedStore: unknown = null;
  private announcedRun = 0;
  private pending: number | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly read: () => AnnouncedState,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const { store, run } = this.read();
    if (store !== this.announcedStore) {
      this.announcedStore = store;
      this.announcedRun = isRunOpen(run) ? run.number - 1 : run.number;
      return;
    }
    if (isRunOpen(run) || run.status === 'Idle' || run.number === this.announcedRun) return;
    this.announcedRun = run.number;
    this.pending = run.number;
  }

  hostUpdated(): void {
    if (this.pending === null) return;
    const number = this.pending;
    this.pending = null;
    // After this update has finished: the reply is in the DOM before the live region speaks of it.
    queueMicrotask(() => {
      const state = this.read();
      if (state.run.number !== number) return;
      const sentence = runAnnouncement(state);
      if (sentence !== null) this.announce(sentence);
    });
  }

  /** Says a sentence (the same words twice in a row differ invisibly, so they are read again). */
  announce(sentence: string): void {
    this.text = sentence === this.text ? `${sentence}\u00a0` : sentence;
    this.host.requestUpdate();
  }
}
