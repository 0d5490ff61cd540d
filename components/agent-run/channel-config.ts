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

/**
 * The store's channel options, or null without a `channel`. The endpoint's headers go along only when the channel
 * is same-origin with the endpoint; `.channelHeaders` always win.
 */
export function channelOptions(settings: ChannelSettings, base: string): ChannelOptions | null {
  const url = settings.channel?.trim();
  if (!url) return null;
  const originOf = (value: string) => {
    try {
      return new URL(value, base).origin;
    } catch {
      return null;
    }
  };
  const { endpoint, headers, channelTransport: transport, channelProtocols: protocols } = settings;
  const sameOrigin = !!endpoint && originOf(endpoint) === originOf(url);
  const channelHeaders = settings.channelHeaders ?? (sameOrigin ? headers : null);
  return {
    url,
    base,
    ...(transport === 'websocket' || transport === 'sse' ? { transport } : {}),
    ...(channelHeaders ? { headers: channelHeaders } : {}),
    ...(protocols ? { protocols } : {}),
  };
}
