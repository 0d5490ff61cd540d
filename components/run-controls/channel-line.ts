// The channel line of <run-controls>: the channel's state in a small line, and its own live region that speaks only
// when the channel is lost and when it recovers (the run's status region is not involved).
import { css, html, nothing } from 'lit';
import type { ChannelInfo } from '../../src/channel/types.js';
import { dateFormatFor } from '../../src/i18n/intl.js';
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

/** Times of day as the activity log and the channel line show them. */
export const timeFormat = (lang: string) =>
  dateFormatFor(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Remembers whether the channel was open and says something only on loss and recovery. */
export class ChannelAnnouncer {
  /** The text of the live region. */
  announcement = '';
  private wasOpen = false;
  private lost = false;

  /** Takes the current channel state; changes the announcement on a loss or a recovery. */
  observe(channel: ChannelInfo | null, strings: ChannelLineStrings): void {
    const open = channel?.status === 'open';
    if (!channel) {
      this.lost = false;
      this.announcement = '';
    } else if (open && this.lost) {
      this.lost = false;
      this.announcement = strings.channelRestored;
    } else if (!open && this.wasOpen) {
      this.lost = true;
      this.announcement = format(strings.channelLost, { reason: channel.reason ?? '' });
    }
    this.wasOpen = open;
  }
}

function lineText(channel: ChannelInfo, strings: ChannelLineStrings, lang: string): string {
  const time = channel.nextAttemptAt === null ? '' : timeFormat(lang).format(channel.nextAttemptAt);
  const reason = channel.reason ?? '';
  const texts: Record<ChannelInfo['status'], string> = {
    connecting: strings.channelConnecting,
    open: strings.channelOpen,
    retrying: strings.channelRetrying,
    closed: strings.channelStopped,
  };
  return format(texts[channel.status], { time, reason });
}

/** The line (hidden without a channel) and the live region (always there, so its first words are heard). */
export function renderChannelLine(
  channel: ChannelInfo | null,
  announcer: ChannelAnnouncer,
  strings: ChannelLineStrings,
  lang: string,
) {
  const line = channel
    ? html`<p part="channel" class="channel" data-channel=${channel.status}>
        ${lineText(channel, strings, lang)}
      </p>`
    : nothing;
  // prettier-ignore
  return html`${line}<span class="visually-hidden" aria-live="polite" aria-atomic="true" data-channel-announcement>${announcer.announcement}</span>`;
}

export const channelLineStyles = css`
  .channel {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
    overflow-wrap: anywhere;
  }

  .channel[data-channel='closed'] {
    color: var(--_agui-color-danger);
  }
`;
