// Which channel an <agent-run> asks its store for: the URL against the page, the transport, and which headers go.
import type { ChannelHeaders, ChannelOptions, ChannelTransport } from '../../src/channel/types.js';
import type { EndpointAgentOptions } from '../../src/transport/endpoint-agent.js';

export interface ChannelSettings {
  readonly channel: string | null;
  readonly channelTransport: ChannelTransport | null;
  readonly channelHeaders: ChannelHeaders | null;
  readonly channelProtocols: string | readonly string[] | null;
  readonly endpoint: string | null;
  readonly headers: EndpointAgentOptions['headers'] | null;
}

function originOf(url: string, base: string): string | null {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
}

/**
 * The store's channel options, or null without a `channel`. The endpoint's headers go along only when the channel
 * is same-origin with the endpoint; `.channelHeaders` always win.
 */
export function channelOptions(settings: ChannelSettings, base: string): ChannelOptions | null {
  const { channel, endpoint, headers } = settings;
  if (!channel?.trim()) return null;
  const transport = settings.channelTransport;
  const sameOrigin =
    endpoint !== null &&
    originOf(endpoint, base) !== null &&
    originOf(endpoint, base) === originOf(channel, base);
  const channelHeaders = settings.channelHeaders ?? (sameOrigin && headers ? headers : null);
  return {
    url: channel.trim(),
    base,
    ...(transport === 'websocket' || transport === 'sse' ? { transport } : {}),
    ...(channelHeaders ? { headers: channelHeaders } : {}),
    ...(settings.channelProtocols ? { protocols: settings.channelProtocols } : {}),
  };
}
