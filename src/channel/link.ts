// The store's side of the channel: opens and closes the one connection, loading the client only when a channel is
// set, and turns what the client reports into store actions.
import { selectArtifactView } from '../artifacts/view.js';
import type { ActivityLoggedAction } from '../store/actions.js';
import type { RunStoreState } from '../store/types.js';
import type { ChannelSink } from './client.js';
import type { ChannelAction } from './reducer.js';
import type { ChannelOptions } from './types.js';

type Dispatch = (action: ChannelAction | ActivityLoggedAction) => void;

function sameOptions(a: ChannelOptions | null, b: ChannelOptions | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ChannelOptions>;
  return [...keys].every((key) => {
    const [x, y] = [a[key], b[key]];
    return Array.isArray(x) && Array.isArray(y)
      ? x.length === y.length && x.every((item, index) => item === y[index])
      : x === y;
  });
}

/** Holds at most one channel for a store; a new setting closes the old connection first. */
export class ChannelLink {
  private channel: { close(): void } | null = null;
  private options: ChannelOptions | null = null;
  private token = 0;
  private ids = 0;
  private readonly types = new Set<string>();

  constructor(
    private readonly dispatch: Dispatch,
    private readonly getState: () => RunStoreState,
    private readonly now: () => number,
  ) {}

  /** Connects to a channel (null closes it). The same options again change nothing. */
  set(options: ChannelOptions | null): void {
    if (sameOptions(options, this.options)) return;
    const had = this.options !== null;
    this.close();
    this.options = options;
    if (!options) {
      if (had)
        this.dispatch({
          type: 'channel-changed',
          channel: null,
          log: 'Channel closed',
          at: this.now(),
        });
      return;
    }
    const token = this.token;
    import('./client.js').then(
      (module) => {
        if (token === this.token) this.channel = new module.Channel(options, this.sink());
      },
      (error: unknown) => {
        if (token !== this.token) return;
        const reason = `The channel client could not be loaded: ${String(error)}`;
        this.dispatch({ type: 'activity-logged', text: reason, at: this.now() });
      },
    );
  }

  /** Closes the connection and its timers (the store is disposed, or another channel is set). */
  close(): void {
    this.token += 1;
    this.channel?.close();
    this.channel = null;
  }

  private sink(): ChannelSink {
    return {
      status: (channel, log) =>
        this.dispatch({
          type: 'channel-changed',
          channel,
          ...(log ? { log } : {}),
          at: this.now(),
        }),
      artifacts: (artifacts, log) =>
        this.dispatch({
          type: 'channel-artifacts',
          artifacts,
          ...(log ? { log } : {}),
          at: this.now(),
        }),
      log: (text) => this.dispatch({ type: 'activity-logged', text, at: this.now() }),
      cellId: () => selectArtifactView(this.getState()).cellId,
      nextId: () => `channel-${(this.ids += 1)}`,
      firstOfType: (type) => !this.types.has(type) && !!this.types.add(type),
    };
  }
}
