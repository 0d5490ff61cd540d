// The MCP Apps host in <agent-chat> against an in-page agent (the real middleware and server are in
// test/node/mcp-apps-e2e.test.ts): the protocol's order, side runs outside the conversation and their aborts, the
// states in words, and the part with axe.
import { expect } from '@open-wc/testing';
import { Observable } from 'rxjs';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';
import type { TapRecord } from '../src/store/event-tap.js';
import { appPolicy, withPolicy } from '../components/agent-chat/genui/mcp-app-host.js';
import {
  SILENT_APP,
  appResource,
  mcpAppAgent,
  type ProxiedRequest,
} from '../stories/support/mcp-app-agent.js';
import { waitForStatus } from './support/agents.js';
import { chatFor, settle } from './support/chat.js';
import { until } from './support/elements.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';

/** The agent, counting the side runs still subscribed (an abort unsubscribes). */
function counted(agent: AgentLike & { requests: ProxiedRequest[] }) {
  const open = { count: 0, inputs: [] as RunAgentInput[] };
  const wrapped: AgentLike = {
    run: (input) =>
      new Observable<BaseEvent>((subscriber) => {
        const side = Boolean(
          (input.forwardedProps as { __proxiedMCPRequest?: unknown })?.__proxiedMCPRequest,
        );
        if (side) {
          open.count += 1;
          open.inputs.push(input);
        }
        const subscription = agent.run(input).subscribe(subscriber);
        return () => {
          if (side) open.count -= 1;
          subscription.unsubscribe();
        };
      }),
  };
  return { agent: wrapped, open, requests: agent.requests };
}

async function showApp(answer?: Parameters<typeof mcpAppAgent>[0]) {
  const { agent, open, requests } = counted(mcpAppAgent(answer));
  const store = new RunStore({ agent });
  const records: TapRecord[] = [];
  store.events$.subscribe((record) => records.push(record));
  const chat = await chatFor(store);
  store.send('Explore API latency');
  await waitForStatus(store, 'Completed');
  return { store, chat, open, requests, records };
}

const part = (chat: AgentChat) => chat.shadowRoot!.querySelector<HTMLElement>('.mcp-app');
const frame = (chat: AgentChat) =>
  chat.shadowRoot!.querySelector<HTMLIFrameElement>('iframe.mcp-app-frame');
const partText = (chat: AgentChat) => part(chat)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('the MCP Apps host', function () {
  this.timeout(30_000);

  it('sends tool-input and tool-result only after the app initialised, then shows it titled', async () => {
    const { chat, requests } = await showApp();
    await until(
      () => requests.some((request) => request.method === 'notifications/message'),
      10_000,
    );
    const log = requests.find((request) => request.method === 'notifications/message')!;
    expect((log.params as { data: string[] }).data).to.deep.equal([
      'result:1',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
    ]);
    expect(requests[0]).to.deep.equal({
      method: 'resources/read',
      params: { uri: 'ui://service-latency/explorer.html' },
    });
    expect(frame(chat)!.title).to.equal('Service latency explorer');
    expect(frame(chat)!.getAttribute('sandbox')).to.equal('allow-scripts');
    expect(part(chat)!.getAttribute('aria-label')).to.equal('App: Service latency explorer');
    await settle(chat);
    expect(partText(chat)).not.to.contain('Loading the app');
  });

  it('keeps side runs out of the conversation: their own thread, marked side, no run', async () => {
    const { store, open, records } = await showApp();
    await until(() => open.inputs.length >= 2, 10_000);
    const [read] = open.inputs;
    expect(read!.threadId).to.equal(read!.runId);
    expect(read!.messages).to.deep.equal([]);
    expect(read!.tools).to.deep.equal([]);
    expect(read!.state).to.deep.equal({});
    expect(store.getState().run.number).to.equal(1);
    expect(store.getState().messages.map((message) => message.role)).to.deep.equal([
      'user',
      'assistant',
      'activity',
    ]);
    const side = records.filter((record) => record.side);
    expect(side.length).to.be.greaterThan(2);
    expect(side.every((record) => record.runId.startsWith('side'))).to.equal(true);
    expect(side.some((record) => record.runId === read!.runId)).to.equal(true);
    // Every record of the conversation belongs to its one run: no side run became a run.
    expect(records.filter((record) => !record.side).every((record) => record.run === 1)).to.equal(
      true,
    );
  });

  it('aborts a side run on New thread, and when the part leaves the DOM', async () => {
    const first = await showApp(() => 'hold');
    await until(() => first.open.count === 1, 10_000);
    first.store.reset();
    await until(() => first.open.count === 0, 5_000);

    const second = await showApp(() => 'hold');
    await until(() => second.open.count === 1, 10_000);
    second.chat.remove();
    await until(() => second.open.count === 0, 5_000);
    second.store.dispose();
  });

  it('says why an app could not be loaded, and keeps the rest of the turn', async () => {
    const { chat } = await showApp(() => ({ error: 'MCP request failed' }));
    await until(() => partText(chat).includes('could not be loaded'), 10_000);
    expect(chat.shadowRoot!.querySelector('.mcp-app-error')!.getAttribute('role')).to.equal(
      'alert',
    );
    expect(partText(chat)).to.contain('The app could not be loaded: MCP request failed');
    expect(frame(chat)).to.equal(null);
    expect(chat.shadowRoot!.textContent).to.contain('Opening the explorer.');
  });

  it('says so when the server sends no HTML for the app', async () => {
    const { chat } = await showApp(() => ({
      contents: [{ uri: 'ui://other', mimeType: 'image/png', blob: '' }],
    }));
    await until(() => partText(chat).includes('could not be shown'), 10_000);
    expect(partText(chat)).to.contain(
      'the server sent no HTML for ui://service-latency/explorer.html',
    );
  });

  it('gives up on an app that does not initialise within 10 s', async () => {
    this.timeout(25_000);
    const { chat } = await showApp((method) =>
      method === 'resources/read' ? appResource(SILENT_APP) : {},
    );
    await until(() => partText(chat).includes('did not start within 10 s'), 15_000);
    expect(frame(chat)).to.equal(null);
  });

  it('shows a restored app behind Load app, and fetches nothing until it is pressed', async () => {
    const first = await showApp();
    await until(() => first.requests.length >= 2, 10_000);
    const saved = first.store.getState();
    first.chat.remove();
    first.store.dispose();
    const { agent, open } = counted(mcpAppAgent());
    const store = new RunStore({ agent, restore: saved });
    const chat = await chatFor(store);
    await settle(chat);
    expect(partText(chat)).to.contain('Nothing of it loads until you ask.');
    expect(frame(chat)).to.equal(null);
    expect(open.inputs).to.deep.equal([]);
    const load = chat.shadowRoot!.querySelector<HTMLButtonElement>('[part="mcp-app-load"]')!;
    expect(load.textContent!.trim()).to.equal('Load app');
    await expect(chat).to.be.accessible();
    load.click();
    await until(() => frame(chat) !== null && open.inputs.length >= 1, 10_000);
    expect(open.inputs[0]!.forwardedProps).to.have.nested.property(
      '__proxiedMCPRequest.method',
      'resources/read',
    );
    store.dispose();
  });

  it('starts an app that arrived live before the chat was shown (a launcher opened later)', async () => {
    const { agent, requests } = counted(mcpAppAgent());
    const store = new RunStore({ agent });
    store.send('Explore API latency');
    await waitForStatus(store, 'Completed');
    // Only now does a chat show the conversation: the app came in a run of this page, not from storage.
    const chat = await chatFor(store);
    await until(() => frame(chat) !== null, 10_000);
    expect(chat.shadowRoot!.querySelector('[part="mcp-app-load"]')).to.equal(null);
    expect(partText(chat)).not.to.contain('Nothing of it loads until you ask.');
    await until(() => requests.some((request) => request.method === 'resources/read'), 10_000);
    store.dispose();
  });

  it('passes axe with a running app', async () => {
    const { chat, requests } = await showApp();
    await until(
      () => requests.some((request) => request.method === 'notifications/message'),
      10_000,
    );
    await settle(chat);
    await expect(chat).to.be.accessible();
  });
});

describe("an MCP App's frame policy", () => {
  it("is the spec's restrictive default without _meta.ui.csp", () => {
    expect(appPolicy(undefined)).to.equal(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; frame-src 'none'; " +
        "base-uri 'self'; object-src 'none'",
    );
  });

  it('adds the domains the resource names, and drops anything that is not an origin', () => {
    const policy = appPolicy({
      connectDomains: ['https://api.example.com', "'unsafe-eval'", 'https://x.test; script-src *'],
      resourceDomains: ['https://*.cdn.example.com'],
    });
    expect(policy).to.contain('connect-src https://api.example.com;');
    expect(policy).to.contain("script-src 'self' 'unsafe-inline' https://*.cdn.example.com;");
    expect(policy).not.to.contain('unsafe-eval');
    expect(policy).not.to.contain('x.test');
  });

  it('goes first in the head, before any script', () => {
    const html = withPolicy(
      '<!doctype html><html><head><script>1</script></head></html>',
      "default-src 'none'",
    );
    expect(html).to.equal(
      `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><script>1</script></head></html>`,
    );
    expect(withPolicy('<p>hi</p>', 'x')).to.match(
      /^<meta http-equiv="Content-Security-Policy" content="x"><p>hi<\/p>$/,
    );
  });
});
