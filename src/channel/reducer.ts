// The store's channel actions and their pure reducer: the channel's lifecycle and its page-level artifacts.
import { logActivity } from '../store/reducer-core.js';
import type { Artifact, RunStoreState } from '../store/types.js';
import type { ChannelInfo } from './types.js';

/** The store keeps at most this many channel artifacts; the oldest go first. */
export const CHANNEL_ARTIFACT_LIMIT = 200;

/** The channel connected, opened, dropped, is waiting to retry or closed (null: no channel). */
export interface ChannelChangedAction {
  readonly type: 'channel-changed';
  readonly channel: ChannelInfo | null;
  /** An activity entry to log with the change. */
  readonly log?: string | undefined;
  readonly at: number;
}

/** Validated artifacts arrived on the channel (one, or a coalesced batch of a flood). */
export interface ChannelArtifactsAction {
  readonly type: 'channel-artifacts';
  readonly artifacts: readonly Artifact[];
  readonly log?: string | undefined;
  readonly at: number;
}

export type ChannelAction = ChannelChangedAction | ChannelArtifactsAction;

/** Whether an action is one of the channel's. */
export function isChannelAction(action: { readonly type: string }): action is ChannelAction {
  return action.type === 'channel-changed' || action.type === 'channel-artifacts';
}

/** The artifacts that outlive a new thread: the channel's page-level ones. */
export function pageArtifacts(artifacts: readonly Artifact[]): readonly Artifact[] {
  const kept = artifacts.filter((artifact) => artifact.source === 'channel');
  return kept.length === artifacts.length ? artifacts : kept;
}

function appendArtifacts(
  current: readonly Artifact[],
  added: readonly Artifact[],
): readonly Artifact[] {
  const next = [...current, ...added];
  let excess = next.filter((artifact) => artifact.source === 'channel').length;
  excess -= CHANNEL_ARTIFACT_LIMIT;
  if (excess <= 0) return next;
  return next.filter((artifact) => artifact.source !== 'channel' || excess-- <= 0);
}

/** Reduces a channel action; the run, the messages and the run's own artifacts are never touched. */
export function reduceChannel(state: RunStoreState, action: ChannelAction): RunStoreState {
  let next = state;
  if (action.type === 'channel-changed') {
    if (state.channel !== action.channel) next = { ...state, channel: action.channel };
  } else if (action.artifacts.length > 0) {
    next = { ...state, artifacts: appendArtifacts(state.artifacts, action.artifacts) };
  }
  return action.log ? logActivity(next, action.at, 'channelNote', { text: action.log }) : next;
}
