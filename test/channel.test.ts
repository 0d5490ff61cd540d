import { expect } from '@open-wc/testing';
import { setArtifactView } from '../src/artifacts/view.js';
import { MAX_FAILURES, retryDelay } from '../src/channel/client.js';
import { CHANNEL_ARTIFACT_LIMIT } from '../src/channel/reducer.js';
import type { ChannelOptions, ChannelTransport } from '../src/channel/types.js';
import { RunStore } from '../src/store/run-store.js';
import type { Artifact, RunStoreState } from '../src/store/types.js';
import { manualAgent, started, waitForState, waitForStatus } from './support/agents.js';
import {
  ManualScheduler,
  banner,
  channelKey,
  connectionsOf,
  dropConnections,
  scriptedUrl,
} from './support/channel.js';
import { until } from './support/elements.js';

const TRANSPORTS: readonly ChannelTransport[] = ['sse', 'websocket'];
const SENTINEL = { sse: '/api/ui-events', websocket: '/api/ui-events/ws' } as const;
/** Jitter in the middle-low of its range: each delay is 0.9 × its base. */
const random = () => 0.25;

const channelArtifacts = (state: RunStoreState): Artifact[] =>
  state.artifacts.filter((artifact) => artifact.source === 'channel');
const activityTexts = (store: RunStore) => store.getState().activity.map((entry) => entry.text);

async function waitForChannel(store: RunStore, status: string, ms = 10_000) {
  return waitForState(store, (state) => state.channel?.status === status, ms);
}

for (const transport of TRANSPORTS) {
  describe(`the channel over ${transport}`, () => {
    let store: RunStore;
    afterEach(() => store?.dispose());

    const open = (options: Omit<ChannelOptions, 'transport'>) => {
      store = new RunStore({ channel: { transport, ...options } });
      return store;
    };

    it("turns the fixture sentinel's messages into page-level channel artifacts", async () => {
      open({ url: SENTINEL[transport] });
      const state = await waitForState(store, (next) => channelArtifacts(next).length >= 2);
      const [first, second] = channelArtifacts(state);
      expect(first?.name).to.equal('alert_banner');
      expect(first?.agent).to.equal('sentinel');
      expect(first?.run).to.equal(0);
      expect((first?.props as { cell_id: number }).cell_id).to.equal(1);
      expect((second?.props as { cell_id: number }).cell_id).to.equal(2);
      expect(state.channel?.status).to.equal('open');
      expect(state.channel?.transport).to.equal(transport);
      expect(state.run.status).to.equal('Idle');
    });

    it("keeps only the run's cell", async () => {
      store = new RunStore();
      setArtifactView(store, { cellId: '2' });
      store.setChannel({ url: SENTINEL[transport], transport });
      const state = await waitForState(store, (next) => channelArtifacts(next).length >= 2);
      const cells = channelArtifacts(state).map((a) => (a.props as { cell_id: number }).cell_id);
      expect(cells.every((cell) => cell === 2)).to.equal(true);
    });

    it('reconnects after the server drops the connection, with exact delays on the scheduler', async () => {
      const scheduler = new ManualScheduler();
      const key = channelKey(`drop-${transport}`);
      open({ url: scriptedUrl(transport, key, [[{ send: banner(1, 'a') }]]), scheduler, random });
      await waitForState(store, (state) => channelArtifacts(state).length === 1);
      expect(await dropConnections(key)).to.equal(1);
      let state = await waitForChannel(store, 'retrying');
      expect(scheduler.pending).to.deep.equal([900]);
      expect(state.channel?.nextAttemptAt).to.equal(scheduler.time + 900);
      expect(scheduler.runNext()).to.equal(900);
      await waitForState(store, (next) => channelArtifacts(next).length === 2);
      // A second drop soon after: the backoff doubles (it resets only after a minute open).
      await dropConnections(key);
      await waitForChannel(store, 'retrying');
      expect(scheduler.pending).to.deep.equal([1800]);
      scheduler.runNext();
      await waitForState(store, (next) => channelArtifacts(next).length === 3);
      scheduler.time += 60_000;
      await dropConnections(key);
      state = await waitForChannel(store, 'retrying');
      expect(scheduler.pending).to.deep.equal([900]);
      expect(state.channel?.failures).to.equal(0);
      expect((await connectionsOf(key)).length).to.equal(3);
    });

    it(`stops for good after ${MAX_FAILURES} failures in a row before opening`, async () => {
      const scheduler = new ManualScheduler();
      const key = channelKey(`fail-${transport}`);
      open({ url: scriptedUrl(transport, key, [[{ status: 503 }]]), scheduler, random });
      const delays: number[] = [];
      for (let attempt = 1; attempt < MAX_FAILURES; attempt += 1) {
        await waitForState(
          store,
          (state) => state.channel?.status === 'retrying' && state.channel.failures === attempt,
        );
        delays.push(scheduler.runNext());
      }
      expect(delays).to.deep.equal([900, 1800, 3600, 7200]);
      expect(delays).to.deep.equal([0, 1, 2, 3].map((retry) => retryDelay(retry, random)));
      const state = await waitForChannel(store, 'closed');
      expect(scheduler.pending).to.deep.equal([]);
      expect(state.channel?.reason).to.match(/^5 attempts in a row failed to connect/);
      expect(scheduler.pending).to.deep.equal([]);
      expect((await connectionsOf(key)).length).to.equal(MAX_FAILURES);
    });

    const refusals =
      transport === 'sse'
        ? [{ status: 403 }, { status: 404 }]
        : [
            { close: 4001, reason: 'unauthorised' },
            { close: 1008, reason: 'policy' },
            { close: 4999 },
          ];
    for (const refusal of refusals) {
      const label = 'status' in refusal ? `HTTP ${refusal.status}` : `code ${refusal.close}`;
      it(`stops for good when the server refuses the channel (${label})`, async () => {
        const scheduler = new ManualScheduler();
        const key = channelKey(`refuse-${transport}`);
        open({ url: scriptedUrl(transport, key, [[refusal]]), scheduler, random });
        const state = await waitForChannel(store, 'closed');
        expect(state.channel?.reason).to.contain(label);
        expect(scheduler.pending).to.deep.equal([]);
        expect((await connectionsOf(key)).length).to.equal(1);
        expect(activityTexts(store).at(-1)).to.match(
          /^Channel stopped: The server refused the channel/,
        );
      });
    }

    it('retries (does not stop) on an ordinary close code and on HTTP 503', async () => {
      const scheduler = new ManualScheduler();
      const key = channelKey(`ordinary-${transport}`);
      const ending = transport === 'sse' ? { status: 503 } : { close: 1011, reason: 'restart' };
      open({ url: scriptedUrl(transport, key, [[ending]]), scheduler, random });
      const state = await waitForChannel(store, 'retrying');
      expect(state.channel?.reason).to.contain(transport === 'sse' ? 'HTTP 503' : 'code 1011');
      expect(scheduler.pending).to.deep.equal([900]);
    });

    it('drops oversize, invalid JSON and invalid artifacts with an activity entry each', async () => {
      const key = channelKey(`bounds-${transport}`);
      const steps = [
        { oversize: 300 * 1024 },
        { send: '{"type":"ui_render","data":' },
        { send: banner(1, 'bad', { severity: 'bogus' }) },
        { send: JSON.stringify({ type: 'presence', who: 'x' }), times: 3 },
        { send: JSON.stringify({ type: 'heartbeat' }) },
        {
          send: JSON.stringify({
            component: 'alert_banner',
            props: { severity: 'info', cell_id: 3, message: 'Bare', anomaly_id: 'b' },
          }),
        },
      ];
      open({ url: scriptedUrl(transport, key, [steps]) });
      const state = await waitForState(store, (next) => channelArtifacts(next).length === 1);
      expect((channelArtifacts(state)[0]?.props as { message: string }).message).to.equal('Bare');
      const texts = activityTexts(store);
      expect(texts.filter((text) => text.includes('larger than 256 KiB'))).to.have.length(1);
      expect(texts.filter((text) => text.includes('not valid JSON'))).to.have.length(1);
      expect(
        texts.filter((text) => /Dropped a channel alert_banner: severity/.test(text)),
      ).to.have.length(1);
      expect(texts.filter((text) => text.includes('type presence'))).to.have.length(1);
      expect(texts.some((text) => text.includes('heartbeat'))).to.equal(false);
      expect(state.channel?.status).to.equal('open');
    });

    it('coalesces a flood of artifacts into one update', async () => {
      const scheduler = new ManualScheduler();
      const key = channelKey(`flood-${transport}`);
      const steps = [{ send: banner(1, 'flood'), times: 500 }, { send: '{"type":"flood-over"}' }];
      open({ url: scriptedUrl(transport, key, [steps]), scheduler });
      let updates = 0;
      let last = store.getState().artifacts;
      const subscription = store.state$.subscribe((state) => {
        if (state.artifacts !== last) updates += 1;
        last = state.artifacts;
      });
      await until(
        () => activityTexts(store).some((text) => text.includes('type flood-over')),
        10_000,
      );
      expect(channelArtifacts(store.getState())).to.have.length(50);
      expect(updates).to.equal(50);
      expect(scheduler.pending).to.have.length(1);
      scheduler.runNext();
      subscription.unsubscribe();
      expect(updates).to.equal(51);
      expect(channelArtifacts(store.getState())).to.have.length(CHANNEL_ARTIFACT_LIMIT);
      expect(activityTexts(store).at(-1)).to.match(
        /^Channel flood: 450 artifacts coalesced \(200 kept\), 0 drops not logged$/,
      );
    });

    it('is independent of runs, outlives a new thread, and keeps at most 200', async () => {
      const agent = manualAgent();
      const key = channelKey(`runs-${transport}`);
      store = new RunStore({
        agent,
        channel: { transport, url: scriptedUrl(transport, key, [[{ send: banner(1, 'x') }]]) },
      });
      await waitForState(store, (state) => channelArtifacts(state).length === 1);
      store.run();
      await until(() => agent.inputs.length === 1);
      store.cancel();
      store.run();
      await until(() => agent.inputs.length === 2);
      agent.emit(started(agent.inputs[1]!));
      agent.runs[1]?.error(new Error('boom'));
      await waitForStatus(store, 'Failed');
      store.reset();
      const state = store.getState();
      expect(channelArtifacts(state)).to.have.length(1);
      expect(state.channel?.status).to.equal('open');
      expect((await connectionsOf(key)).filter((c) => !c.closed)).to.have.length(1);
    });
  });
}
