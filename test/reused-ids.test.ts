// A server that reuses message and tool-call ids across runs (`@copilotkit/aimock`, CopilotKit's own mock server,
// sends a fixture reply's ids in every run): every turn keeps its own reply, live, saved, restored and replayed.
import { expect } from '@open-wc/testing';
import type { BaseEvent, Message, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import { toRecord } from '../src/persist/records.js';
import { openThreadDb } from '../src/persist/thread-db.js';
import { RunStore } from '../src/store/run-store.js';
import type { ChatMessage, RunStoreState, ToolCallPart } from '../src/store/types.js';
import { finished, scriptedAgent, started, waitForState, waitForStatus } from './support/agents.js';
import { chatFor, renderedUntil } from './support/chat.js';
import { inShadow } from './support/elements.js';

const REPLY = 'Hi there from a third-party mock server.';

/** A store on the real aimock behind the test server; `key` names what its inputs are recorded under. */
function aimockStore(key: string, extra: Partial<ConstructorParameters<typeof RunStore>[0]> = {}) {
  return new RunStore({ endpoint: { url: `/__test/aimock/agui?key=${key}` }, ...extra });
}

async function inputsOf(key: string): Promise<RunAgentInput[]> {
  const response = await fetch(`/__test/aimock/inputs?key=${key}`);
  return (await response.json()) as RunAgentInput[];
}

async function turn(store: RunStore, text: string): Promise<RunStoreState> {
  const before = store.getState().run.number;
  store.send(text);
  return waitForState(
    store,
    (state) => state.run.number === before + 1 && state.run.status === 'Completed',
  );
}

const textOf = (message: ChatMessage) =>
  message.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');

/** The conversation as a person reads it: role and words, in order. */
const transcript = (state: RunStoreState) =>
  state.messages
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .map((message) => `${message.role}: ${textOf(message)}`);

const calls = (state: RunStoreState): ToolCallPart[] =>
  state.messages.flatMap((message) =>
    message.parts.filter((part): part is ToolCallPart => part.kind === 'tool-call'),
  );

function expectUniqueIds(state: RunStoreState): void {
  const ids = state.messages.map((message) => message.id);
  expect(new Set(ids).size, ids.join(', ')).to.equal(ids.length);
}

describe('A server that reuses ids across runs (@copilotkit/aimock)', () => {
  it('gives each turn its own reply, in order, and sends the server its own ids back', async () => {
    const key = `two-turns-${Date.now()}`;
    const store = aimockStore(key);
    const chat = await chatFor(store);
    await turn(store, 'hello');
    const state = await turn(store, 'hello again');
    expect(transcript(state)).to.deep.equal([
      'user: hello',
      `assistant: ${REPLY}`,
      'user: hello again',
      `assistant: ${REPLY}`,
    ]);
    expectUniqueIds(state);
    const [first, second] = state.messages.filter((message) => message.role === 'assistant');
    expect(second?.id).to.equal(`${first?.id}#${state.run.id}`);
    expect(second?.serverId).to.equal(first?.id);
    await renderedUntil(
      chat,
      () => (inShadow(chat, '.transcript').textContent ?? '').split(REPLY).length === 3,
    );

    // The third run's input names both replies by the id the server gave them.
    await turn(store, 'hello once more');
    const inputs = await inputsOf(key);
    const assistants = (inputs[2]?.messages ?? []).filter(
      (message: Message) => message.role === 'assistant',
    );
    expect(assistants.map((message) => message.id)).to.deep.equal([first?.id, first?.id]);
    expect(assistants.map((message) => message.content)).to.deep.equal([REPLY, REPLY]);
    store.dispose();
  });

  it('keeps a reused tool-call id apart: each call its own result, the wire the server’s id', async () => {
    const key = `tools-${Date.now()}`;
    const store = aimockStore(key);
    await turn(store, 'look up the API');
    const state = await turn(store, 'look up the API again');
    const [one, two] = calls(state);
    expect(one?.id).to.equal('tc-lookup');
    expect(two?.id).to.equal(`tc-lookup#${state.run.id}`);
    expect(two?.serverId).to.equal('tc-lookup');
    expect([one?.status, two?.status]).to.deep.equal(['done', 'done']);
    expect([one?.result, two?.result]).to.deep.equal(['{"latency_ms":145}', '{"latency_ms":145}']);
    expect(
      transcript(state).filter((line) => line.includes('API latency is 145 ms.')),
    ).to.have.length(2);
    expectUniqueIds(state);

    await turn(store, 'look up once more');
    const sent = (await inputsOf(key))[2]?.messages ?? [];
    const sentCalls = sent.flatMap((message: Message) =>
      message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => call.id) : [],
    );
    const sentResults = sent.flatMap((message: Message) =>
      message.role === 'tool' ? [message.toolCallId] : [],
    );
    expect(sentCalls).to.deep.equal(['tc-lookup', 'tc-lookup']);
    expect(sentResults).to.deep.equal(['tc-lookup', 'tc-lookup']);
    store.dispose();
  });

  it('keeps reasoning and chunked text of a reused id apart too', async () => {
    const store = aimockStore(`think-${Date.now()}`);
    await turn(store, 'think');
    const state = await turn(store, 'think again');
    const reasoning = state.messages.filter((message) => message.role === 'reasoning');
    expect(reasoning.map((message) => message.parts[0])).to.deep.equal([
      { kind: 'reasoning', text: 'Weighing the figures.' },
      { kind: 'reasoning', text: 'Weighing the figures.' },
    ]);
    expect(transcript(state)).to.deep.equal([
      'user: think',
      'assistant: Thought it through.',
      'user: think again',
      'assistant: Thought it through.',
    ]);
    expectUniqueIds(state);
    store.dispose();
  });

  it('saves and restores such a pair, and the next turn after a reload gets its own reply', async () => {
    const key = `persist-${Date.now()}`;
    const first = aimockStore(key, { persist: { mode: 'session', key } });
    await first.restored;
    await turn(first, 'hello');
    const before = await turn(first, 'hello again');
    const db = await openThreadDb();
    // The saved copy has both replies before the page goes.
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const record = (await db.get(sessionNamespace(key), before.threadId)) as
        { state?: RunStoreState } | undefined;
      if (record?.state?.messages.length === before.messages.length) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    first.dispose();

    const second = aimockStore(key, { persist: { mode: 'session', key } });
    await second.restored;
    const restored = await waitForState(second, (state) => state.messages.length === 4);
    expect(transcript(restored)).to.deep.equal(transcript(before));
    expect(restored.messages.map((message) => [message.id, message.serverId])).to.deep.equal(
      before.messages.map((message) => [message.id, message.serverId]),
    );
    const after = await turn(second, 'hello after the reload');
    expect(transcript(after).slice(4)).to.deep.equal([
      'user: hello after the reload',
      `assistant: ${REPLY}`,
    ]);
    expectUniqueIds(after);
    second.dispose();
  });

  it('replays a thread of such runs through connect without doubling or merging a turn', async () => {
    const key = `connect-${Date.now()}`;
    const live = aimockStore(key);
    await turn(live, 'hello');
    await turn(live, 'hello again');
    live.send('tell it slowly');
    // The page closes while the slow reply streams: what it saved last says a run was in flight.
    const inFlight = await waitForState(live, (state) =>
      state.messages.some((message) => textOf(message).startsWith('A slow reply')),
    );
    const saved = JSON.parse(JSON.stringify(inFlight)) as RunStoreState;
    live.dispose();
    const persistKey = `restored-${key}`;
    const db = await openThreadDb();
    await db.put(toRecord(saved, `local:${persistKey}`, 1, Date.now()), 0);
    await db.setCurrent(`local:${persistKey}`, saved.threadId);

    const restored = aimockStore(key, {
      persist: { mode: 'local', key: persistKey },
      connectEndpoint: { url: `/__test/aimock/connect?key=${key}` },
    });
    const state = await waitForState(
      restored,
      (current) => current.run.kind === 'reattach' && current.run.status === 'Completed',
    );
    expect(transcript(state)).to.deep.equal([
      'user: hello',
      `assistant: ${REPLY}`,
      'user: hello again',
      `assistant: ${REPLY}`,
      'user: tell it slowly',
      'assistant: A slow reply from a third-party mock server.',
    ]);
    expectUniqueIds(state);
    // Connect was asked with the server's ids.
    const connect = (await inputsOf(key)).at(-1);
    const assistants = (connect?.messages ?? []).filter(
      (message: Message) => message.role === 'assistant',
    );
    const serverReply = saved.messages.find((message) => message.role === 'assistant')?.id;
    expect(assistants.slice(0, 2).map((message) => message.id)).to.deep.equal([
      serverReply,
      serverReply,
    ]);
    restored.dispose();
  });

  it('maps a MESSAGES_SNAPSHOT that lists a reused id once per run onto the turns it names', async () => {
    const agent = scriptedAgent((input, index) => {
      const reply: BaseEvent[] = [
        started(input),
        { type: 'TEXT_MESSAGE_START', messageId: 'same', role: 'assistant' } as BaseEvent,
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'same', delta: `Reply ${index}` } as BaseEvent,
        { type: 'TEXT_MESSAGE_END', messageId: 'same' } as BaseEvent,
      ];
      if (index === 1) {
        const users = input.messages.filter((message) => message.role === 'user');
        reply.push({
          type: 'MESSAGES_SNAPSHOT',
          messages: [
            users[0],
            { id: 'same', role: 'assistant', content: 'Reply 0' },
            users[1],
            { id: 'same', role: 'assistant', content: 'Reply 1 (settled)' },
          ],
        } as BaseEvent);
      }
      return [...reply, finished(input)];
    });
    const store = new RunStore({ agent });
    await turn(store, 'first');
    const state = await turn(store, 'second');
    expect(transcript(state)).to.deep.equal([
      'user: first',
      'assistant: Reply 0',
      'user: second',
      'assistant: Reply 1 (settled)',
    ]);
    expectUniqueIds(state);
    await waitForStatus(store, 'Completed');
    store.dispose();
  });
});

/** The namespace of session-mode records: keyed by this tab's id. */
function sessionNamespace(key: string): string {
  return `session:${sessionStorage.getItem('agui-elements.tab')}:${key}`;
}
