import { expect, fixture, html } from '@open-wc/testing';
import '../components/define.js';
import type { AgentArtifacts } from '../components/agent-artifacts/agent-artifacts.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { channelOptions } from '../components/agent-run/channel-config.js';
import type { DiagnosticCard } from '../components/diagnostic-card/diagnostic-card.js';
import type { RunControls } from '../components/run-controls/run-controls.js';
import { sameChannelOptions } from '../src/channel/link.js';
import type { ChannelTransport } from '../src/channel/types.js';
import { RunStore } from '../src/store/run-store.js';
import { waitForState } from './support/agents.js';
import {
  ManualScheduler,
  banner,
  channelKey,
  connectionsOf,
  dropConnections,
  scriptedUrl,
  type LoggedConnection,
} from './support/channel.js';
import { allInShadow, statusText, until } from './support/elements.js';

const TRANSPORTS: readonly ChannelTransport[] = ['sse', 'websocket'];
const textOf = (node: Element | null | undefined) =>
  node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

const diagnosis = (cell: number, title: string) =>
  JSON.stringify({
    type: 'ui_render',
    data: {
      agent: 'investigator',
      component: 'diagnostic_card',
      props: {
        confidence: 0.6,
        root_cause: 'API latency rose from 60 ms to 145 ms.',
        contributing_factors: ['Events started reporting.'],
        cell_id: cell,
        title,
      },
    },
  });

describe('<agent-run channel>', () => {
  it('opens no connection without the attribute', async () => {
    const opened: string[] = [];
    const { WebSocket: PageSocket, fetch: pageFetch } = window;
    // Every WebSocket and fetch of the page is seen while the elements mount.
    window.WebSocket = class extends PageSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(`ws ${String(url)}`);
      }
    };
    window.fetch = (input, init) => {
      opened.push(`fetch ${input instanceof Request ? input.url : String(input)}`);
      return pageFetch(input, init);
    };
    try {
      const plain = await fixture<AgentRun>(
        html`<agent-run endpoint="/api/agent-analysis" cell-id="1"></agent-run>`,
      );
      const listening = await fixture<AgentRun>(
        html`<agent-run channel="/api/ui-events/ws" channel-transport="websocket"></agent-run>`,
      );
      await waitForState(listening.store, (state) => state.channel?.status === 'open');
      expect(opened).to.deep.equal([
        `ws ${new URL('/api/ui-events/ws', location.href).href.replace(/^http/, 'ws')}`,
      ]);
      expect(plain.store.getState().channel).to.equal(null);
      listening.remove();
    } finally {
      window.WebSocket = PageSocket;
      window.fetch = pageFetch;
    }
  });

  for (const transport of TRANSPORTS) {
    it(`closes the ${transport} connection when the provider is removed`, async () => {
      const key = channelKey(`remove-${transport}`);
      const url = scriptedUrl(transport, key, [[{ send: banner(1, 'r') }]]);
      const el = await fixture<AgentRun>(
        html`<agent-run channel=${url} channel-transport=${transport}></agent-run>`,
      );
      await waitForState(el.store, (state) => state.artifacts.length === 1);
      expect((await connectionsOf(key)).map((c) => c.closed)).to.deep.equal([false]);
      el.remove();
      await untilConnections(key, (list) => list.length === 1 && list[0]?.closed === true);
    });
  }

  it('closes the channel when the attribute goes, and takes the new URL when it changes', async () => {
    const first = channelKey('change-a');
    const second = channelKey('change-b');
    const el = await fixture<AgentRun>(
      html`<agent-run channel=${scriptedUrl('sse', first, [[]])}></agent-run>`,
    );
    await waitForState(el.store, (state) => state.channel?.status === 'open');
    el.channel = scriptedUrl('sse', second, [[]]);
    await untilConnections(second, (list) => list.length === 1);
    await untilConnections(first, (list) => list.length === 1 && list[0]?.closed === true);
    el.channel = null;
    await waitForState(el.store, (state) => state.channel === null);
    await untilConnections(second, (list) => list.length === 1 && list[0]?.closed === true);
    el.remove();
  });

  it('sends the endpoint headers to a same-origin channel, and .channelHeaders over them', async () => {
    const key = channelKey('headers');
    const el = await fixture<AgentRun>(
      html`<agent-run
        endpoint="/api/agent-analysis"
        .headers=${{ authorization: 'Bearer endpoint' }}
        channel=${scriptedUrl('sse', key, [[]])}
      ></agent-run>`,
    );
    await waitForState(el.store, (state) => state.channel?.status === 'open');
    el.channelHeaders = { authorization: 'Bearer channel' };
    const list = await untilConnections(key, (all) => all.length === 2 && all[0]?.closed === true);
    expect(list.map((c) => c.authorization)).to.deep.equal(['Bearer endpoint', 'Bearer channel']);
    el.remove();
  });

  it('keeps the endpoint headers from a channel of another origin', () => {
    const settings = {
      channel: 'https://events.example.test/ui',
      channelTransport: null,
      channelHeaders: null,
      channelProtocols: null,
      endpoint: '/api/agent-analysis',
      headers: { authorization: 'Bearer endpoint' },
    };
    const base = 'https://app.example.test/page';
    expect(channelOptions(settings, base)?.headers).to.equal(undefined);
    const same = channelOptions({ ...settings, channel: '/ui' }, base);
    expect(same?.headers).to.deep.equal({ authorization: 'Bearer endpoint' });
    expect(same?.url).to.equal('/ui');
    expect(same?.base).to.equal(base);
    const own = channelOptions(
      { ...settings, channelHeaders: { authorization: 'Bearer own' } },
      base,
    );
    expect(own?.headers).to.deep.equal({ authorization: 'Bearer own' });
    expect(channelOptions({ ...settings, channel: '  ' }, base)).to.equal(null);
  });

  it('keeps the connection for options of the same value, and reconnects when one changes', () => {
    const options = { url: '/x', headers: { authorization: 'Bearer a' }, protocols: ['p', 't'] };
    expect(
      sameChannelOptions(options, { ...options, headers: { authorization: 'Bearer a' } }),
    ).to.equal(true);
    expect(sameChannelOptions(options, { ...options, protocols: ['p', 't'] })).to.equal(true);
    expect(
      sameChannelOptions(options, { ...options, headers: { authorization: 'Bearer b' } }),
    ).to.equal(false);
    expect(sameChannelOptions(options, { ...options, transport: 'sse' })).to.equal(false);
    const headers = () => ({ authorization: 'Bearer a' });
    expect(
      sameChannelOptions({ url: '/x', headers }, { url: '/x', headers: () => headers() }),
    ).to.equal(false);
    expect(sameChannelOptions(null, null)).to.equal(true);
    expect(sameChannelOptions(options, null)).to.equal(false);
  });

  it('stops, without throwing into the page, when the WebSocket cannot be created', async () => {
    const el = await fixture<AgentRun>(
      html`<agent-run
        channel="/api/ui-events/ws"
        channel-transport="websocket"
        .channelProtocols=${['not a token']}
      ></agent-run>`,
    );
    const state = await waitForState(el.store, (next) => next.channel?.status === 'closed');
    expect(state.channel?.reason).to.match(/^The connection could not be opened: /);
    el.remove();
  });

  it('offers .channelProtocols to the WebSocket', async () => {
    const key = channelKey('protocols');
    const el = await fixture<AgentRun>(
      html`<agent-run
        channel=${scriptedUrl('websocket', key, [[]])}
        channel-transport="websocket"
        .channelProtocols=${['agui.token.abc123']}
      ></agent-run>`,
    );
    await waitForState(el.store, (state) => state.channel?.status === 'open');
    expect((await connectionsOf(key)).map((c) => c.protocol)).to.deep.equal(['agui.token.abc123']);
    el.remove();
  });

  it('shows channel artifacts in <agent-artifacts> and <diagnostic-card latest> before any run', async () => {
    const key = channelKey('elements');
    const url = scriptedUrl('websocket', key, [
      [
        { send: banner(1, 'shown') },
        { send: banner(2, 'other cell') },
        { send: diagnosis(1, 'From the channel') },
      ],
    ]);
    const el = await fixture<AgentRun>(
      html`<agent-run cell-id="1" channel=${url} channel-transport="websocket">
        <agent-artifacts components="alert-banner"></agent-artifacts>
        <diagnostic-card latest></diagnostic-card>
      </agent-run>`,
    );
    const list = el.querySelector<AgentArtifacts>('agent-artifacts')!;
    const card = el.querySelector<DiagnosticCard>('diagnostic-card')!;
    await until(
      () => textOf(card.shadowRoot?.querySelector('[part="title"]')) === 'From the channel',
      10_000,
    );
    await until(() => list.visibleArtifacts.length === 1);
    expect(el.store.getState().run.number).to.equal(0);
    expect(el.store.getState().artifacts.map((artifact) => artifact.source)).to.deep.equal([
      'channel',
      'channel',
    ]);
    await expect(list).to.be.accessible();
    el.remove();
  });

  it('keeps channel artifacts out of the chat transcript (they belong to the page)', async () => {
    const key = channelKey('chat');
    const url = scriptedUrl('sse', key, [[{ send: banner(1, 'page') }]]);
    const el = await fixture<AgentRun>(
      html`<agent-run channel=${url}>
        <agent-artifacts></agent-artifacts>
        <agent-chat></agent-chat>
      </agent-run>`,
    );
    const list = el.querySelector<AgentArtifacts>('agent-artifacts')!;
    const chat = el.querySelector('agent-chat')!;
    await until(() => list.visibleArtifacts.length === 1);
    await until(() => allInShadow(list, '[part="item"]').length === 1);
    await (chat as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(chat.shadowRoot?.querySelectorAll('agent-artifact, alert-banner').length).to.equal(0);
    el.remove();
  });

  it('lists only the newest few with limit', async () => {
    const key = channelKey('limit');
    const sends = ['a', 'b', 'c'].map((id) => ({ send: banner(1, id) }));
    const store = new RunStore({ channel: { url: scriptedUrl('sse', key, [sends]) } });
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts limit="2" .store=${store}></agent-artifacts>`,
    );
    await waitForState(store, (state) => state.artifacts.length === 3);
    await list.updateComplete;
    const anomalies = list.visibleArtifacts.map(
      (a) => (a.props as { anomaly_id: string }).anomaly_id,
    );
    expect(anomalies).to.deep.equal(['b', 'c']);
    await until(() => allInShadow(list, '[part="item"]').length === 2);
    list.removeAttribute('limit');
    await list.updateComplete;
    expect(list.visibleArtifacts).to.have.length(3);
    store.dispose();
  });
});

/** Polls the server's log of a key until the predicate holds (or fails after 10 s). */
async function untilConnections(
  key: string,
  predicate: (list: LoggedConnection[]) => boolean,
): Promise<LoggedConnection[]> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const list = await connectionsOf(key);
    if (predicate(list)) return list;
    if (performance.now() > deadline) throw new Error(`${key}: ${JSON.stringify(list)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('<run-controls> with a channel', () => {
  it('shows the channel in a line and announces only its loss and recovery', async () => {
    const scheduler = new ManualScheduler();
    const key = channelKey('controls');
    const store = new RunStore({
      channel: { url: scriptedUrl('sse', key, [[]]), scheduler, random: () => 0.5 },
    });
    const el = await fixture<RunControls>(html`<run-controls .store=${store}></run-controls>`);
    const line = () => textOf(el.shadowRoot?.querySelector('[part="channel"]'));
    const spoken = () => textOf(el.shadowRoot?.querySelector('[data-channel-announcement]'));
    await until(() => line() === 'Live updates: connected');
    expect(spoken()).to.equal('');
    expect(allInShadow(el, '[role="status"]')).to.have.length(1);
    await dropConnections(key);
    await until(() => line().startsWith('Live updates: reconnecting at'));
    expect(spoken()).to.match(/^Live updates lost: The connection dropped/);
    expect(statusText(el)).to.equal('Idle');
    scheduler.runNext();
    await until(() => line() === 'Live updates: connected');
    expect(spoken()).to.equal('Live updates restored');
    expect(statusText(el)).to.equal('Idle');
    await expect(el).to.be.accessible();
    store.dispose();
  });
});
