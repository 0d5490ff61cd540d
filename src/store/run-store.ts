// RunStore: the store of one conversation — the run commands of RunStoreCore, plus saved threads (with `persist`)
// and the channel outside runs.
import type { ChannelOptions } from '../channel/types.js';
import { conversationMarkdown, type ExportLabels } from '../export/markdown.js';
import { randomId } from './ids.js';
import { isRunOpen } from './reducer.js';
import { RunStoreCore } from './run-store-core.js';
import { SideRuns } from '../genui/mcp-apps/side-runs.js';
import type { A2uiUserAction, MessageFeedback } from './types.js';

export type { AnswerOptions, CreateRunStoreOptions } from './run-store-core.js';

/** The store of one run conversation: state, commands, the single active run, saved threads and the channel. */
export class RunStore extends RunStoreCore {
  /** Side runs under way (MCP Apps' requests): aborted on another thread and on dispose. */
  private readonly sides = new SideRuns({
    pipeline: () => this.loader.module(),
    agent: (pipeline) => this.agents.side(pipeline),
    record: (record) => this.tap.side(record),
  });

  /**
   * Sends a request beside the conversation (an MCP App's, as `forwardedProps.__proxiedMCPRequest`) and resolves
   * with its RUN_FINISHED `result`. It is its own run (its own thread id, no messages, tools or state) outside the
   * run state machine, marked `side` on the event tap; `signal`, another thread and dispose abort it.
   */
  sideRun(
    forwardedProps: Readonly<Record<string, unknown>>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    return this.sides.run(forwardedProps, signal, this.disposed);
  }

  override dispose(): void {
    this.sides.abortAll();
    super.dispose();
  }

  /** Another thread: the apps of the last one are gone, and so are their requests. */
  protected override threadChanged(): void {
    // (`sides` is unset while the base class's constructor runs.)
    this.sides?.abortAll();
  }

  /** Edits a person's message: a new version of the conversation from there on, sent as a chat run. */
  edit(messageId: string, text: string): void {
    const { messages } = this.getState();
    const index = messages.findIndex((item) => item.id === messageId && item.role === 'user');
    if (index === -1 || !text.trim() || this.disposed) return;
    this.settler.settle(() => {
      this.cancel();
      this.dispatch({ type: 'branch-started', after: messages[index - 1]?.id ?? null });
      this.send(text);
    });
  }

  /** Shows version `index` of the branch point after message `after` (a streaming run is cancelled first). */
  selectVersion(after: string | null, index: number): void {
    this.settler.settle(() => {
      this.cancel();
      this.dispatch({ type: 'version-selected', after, index });
    });
  }

  /** Records (or, with null, clears) a person's feedback on a message; it is never sent to the agent. */
  setFeedback(messageId: string, feedback: MessageFeedback | null): void {
    this.dispatch({ type: 'feedback-set', messageId, feedback });
  }

  /**
   * Sends a person's action on an A2UI surface as a run with `forwardedProps.a2uiAction = {userAction}` and no new
   * user message (`@ag-ui/a2ui-middleware` turns it into its own messages). Refused, returning false, while a run is
   * Connecting, Streaming or Needs approval.
   */
  sendA2uiAction(userAction: A2uiUserAction): boolean {
    const { status } = this.getState().run;
    if (this.disposed || status === 'Connecting' || status === 'Streaming') return false;
    if (status === 'Needs approval') return false;
    this.startRun({
      kind: 'a2ui-action',
      byUser: true,
      forwardedProps: { a2uiAction: { userAction: { ...userAction } } },
    });
    return true;
  }

  /**
   * Sends a message an app wrote (an MCP App's `ui/message`) as a chat run. It is not the person's action, so it
   * counts toward the follow-up bound. Answers why it was refused, or null once it is sent: `busy` while a run is
   * open or needs an answer, `bound` after `maxFollowUps` runs in a row without the person.
   */
  sendFromApp(text: string): 'busy' | 'bound' | 'empty' | null {
    const trimmed = text.trim();
    const { run } = this.getState();
    if (!trimmed || this.disposed) return 'empty';
    if (isRunOpen(run) || run.status === 'Needs approval') return 'busy';
    if (run.followUps >= this.maxFollowUps) return 'bound';
    this.settler.settle(() => {
      this.dispatch({ type: 'message-added', id: randomId('user'), text: trimmed, at: this.now() });
      this.startRun({ kind: 'chat', byUser: false });
    });
    return null;
  }

  /** Keeps a person's edits to an A2UI surface's data model (by JSON Pointer path) with the thread; null clears. */
  editA2uiSurface(
    messageId: string,
    surfaceId: string,
    edits: Readonly<Record<string, unknown>> | null,
  ): void {
    if (!this.disposed) this.dispatch({ type: 'a2ui-edited', messageId, surfaceId, edits });
  }

  /** Listens to a channel outside runs (null closes it); at most one connection per store. */
  setChannel(options: ChannelOptions | null): void {
    if (!this.disposed) this.channel.set(options);
  }

  /** Shows another saved thread (with `persist`); the active run is cancelled first, as New thread does. */
  switchThread(threadId: string): Promise<void> {
    return this.saved?.switchTo(threadId) ?? Promise.resolve();
  }

  /** Deletes a saved thread and everything stored for it; deleting the current one starts an empty thread. */
  deleteSavedThread(threadId: string): Promise<void> {
    return this.saved?.delete(threadId) ?? Promise.resolve();
  }

  /** Deletes every saved thread of this store's namespace (a site's "forget me") and starts an empty thread. */
  clearSavedThreads(): Promise<void> {
    return this.saved?.clear() ?? Promise.resolve();
  }

  /** Loads the newest saved copy of this thread (after another tab continued it). */
  reloadThread(): Promise<void> {
    return this.saved?.reload() ?? Promise.resolve();
  }

  /**
   * The conversation's current branch as Markdown: turns in order, tool calls as short quoted lines, artifacts by
   * title, attachments by name (`labels` puts it in other words).
   */
  exportMarkdown(labels?: ExportLabels): string {
    return conversationMarkdown(this.getState(), labels);
  }

  /** Resolves when a saved thread has been restored (at once without `persist`). */
  get restored(): Promise<void> {
    return this.saved?.ready ?? Promise.resolve();
  }
}
