// The store's side of the channel: opens and closes the one connection, loading the client only when a channel is
// set, and turns what the client reports into store actions.
import { artifactMatchesCell, selectArtifactView } from '../artifacts/view.js';
import type { ActivityLoggedAction } from '../store/actions.js';
import type { RunStoreState } from '../store/types.js';
import type { ChannelHandle } from './client.js';
import type { ChannelAction } from './reducer.js';
import type { ChannelOptions } from './types.js';

/** Holds at most one channel for a store; a new setting closes the old connection first. */
export interface ChannelLink {
  /** Connects to a channel (null closes it). Options with the same values change nothing. */
  set(options: ChannelOptions | null): void;
  /** Closes the connection and its timers. */
  close(): void;
}

/**
 * Options that open the same connection: the same values, where headers and protocols compare by content (a host
 * that renders a fresh but equal headers object keeps its connection).
 */
export function sameChannelOptions(a: ChannelOptions | null, b: ChannelOptions | null): boolean {
  if (!a || !b) return a === b;
  return (Object.keys({ ...a, ...b }) as (keyof ChannelOptions)[]).every(
    (key) =>
      a[key] === b[key] ||
      ((key === 'headers' || key === 'protocols') &&
        typeof a[key] === 'object' &&
        JSON.stringify(a[key]) === JSON.stringify(b[key])),
  );
}

export function createChannelLink(
  dispatch: (action: ChannelAction | ActivityLoggedAction) => void,
  getState: () => RunStoreState,
  now: () => number,
): ChannelLink {
  let channel: ChannelHandle | null = null;
  let current: ChannelOptions | null = null;
  let token = 0;
  const close = () => {
    token += 1;
    channel?.close();
    channel = null;
  };
  return {
    close,
    set(options) {
      if (sameChannelOptions(options, current)) return;
      close();
      if (!options && current) {
        dispatch({ type: 'channel-changed', channel: null, log: 'Channel closed', at: now() });
      }
      current = options;
      if (!options) return;
      const mine = token;
      import('./client.js').then(
        (module) => {
          if (mine !== token) return;
          channel = module.openChannel(options, {
            dispatch,
            now,
            matchesCell: (artifact) =>
              artifactMatchesCell(artifact, selectArtifactView(getState()).cellId),
          });
        },
        (error: unknown) => {
          if (mine !== token) return;
          dispatch({
            type: 'activity-logged',
            code: 'channelClientFailed',
            params: { reason: String(error) },
            at: now(),
          });
        },
      );
    },
  };
}
