// The channel line of <run-controls>: the channel's state in a small line, and its own live region that speaks only
// when the channel is lost and when it recovers (the run's status region is not involved).
import { css, html, nothing } from 'lit';
import type { ChannelInfo } from '../../src/channel/types.js';
import { format } from '../shared/strings.js';

/** The strings of the channel line; `{time}` and `{reason}` are filled in. */
export interface ChannelLineStrings {
  readonly channelConnecting: string;
  readonly channelOpen: string;
  readonly channelRetrying: string;
  readonly channelStopped: string;
  readonly channelLost: string;
  readonly channelRestored: string;
}

export const CHANNEL_LINE_STRINGS: ChannelLineStrings = {
  channelConnecting: 'Live updates: connecting…',
  channelOpen: 'Live updates: connected',
  channelRetrying: 'Live updates: reconnecting at {time}',
  channelStopped: 'Live updates stopped: {reason}',
  channelLost: 'Live updates lost: {reason}',
  channelRestored: 'Live updates restored',
};

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Remembers the last channel state and says something only on loss and recovery. */
export class ChannelAnnouncer {
  /** The text of the live region. */
  announcement = '';
  private last: ChannelInfo | null = null;
  private lost = false;

  /** Takes the current channel state; changes the announcement on a loss or a recovery. */
  observe(channel: ChannelInfo | null, strings: ChannelLineStrings): void {
    const before = this.last;
    this.last = channel;
    if (before === channel) return;
    if (!channel) {
      this.lost = false;
      this.announcement = '';
    } else if (channel.status === 'open') {
      if (this.lost) this.announcement = strings.channelRestored;
      this.lost = false;
    } else if (before?.status === 'open') {
      this.lost = true;
      this.announcement = format(strings.channelLost, { reason: channel.reason ?? '' });
    }
  }
}

function lineText(channel: ChannelInfo, strings: ChannelLineStrings): string {
  switch (channel.status) {
    case 'connecting':
      return strings.channelConnecting;
    case 'open':
      return strings.channelOpen;
    case 'retrying':
      return format(strings.channelRetrying, {
        time: channel.nextAttemptAt === null ? '' : timeFormat.format(channel.nextAttemptAt),
      });
    case 'closed':
      return format(strings.channelStopped, { reason: channel.reason ?? '' });
    default: {
      const unknown: never = channel.status;
      return unknown;
    }
  }
}

/** The line (hidden without a channel) and the live region (always there, so its first words are heard). */
export function renderChannelLine(
  channel: ChannelInfo | null,
  announcer: ChannelAnnouncer,
  strings: ChannelLineStrings,
) {
  return html`${
      channel
        ? html`<p part="channel" class="channel" data-channel=${channel.status}>
            ${lineText(channel, strings)}
          </p>`
        : nothing
    }<span class="visually-hidden" aria-live="polite" aria-atomic="true" data-channel-announcement
      >${announcer.announcement}</span
    >`;
}

export const channelLineStyles = css`
  .channel {
    display: flex;
    align-items: baseline;
    gap: var(--agui-space-xs);
    margin: 0;
    font-size: var(--agui-font-size-small);
    color: var(--agui-color-text-muted);
    overflow-wrap: anywhere;
  }

  .channel::before {
    content: '';
    flex: none;
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    border: 1px solid currentColor;
  }

  .channel[data-channel='open']::before {
    border-color: var(--agui-color-success);
    background: var(--agui-color-success);
  }

  .channel[data-channel='closed'] {
    color: var(--agui-color-danger);
  }
`;
