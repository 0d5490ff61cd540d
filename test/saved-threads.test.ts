import { expect, fixture, html } from '@open-wc/testing';
import type { RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import type { AgentThreads } from '../components/agent-threads/agent-threads.js';
import { openThreadDb, storageReason, transactionDone } from '../src/persist/thread-db.js';
import { RECORD_VERSION } from '../src/persist/records.js';
import { RunStore } from '../src/store/run-store.js';
import type { RunStoreState } from '../src/store/types.js';
import {
  finished,
  manualAgent,
  scriptedAgent,
  started,
  text,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import { accessibleName, settle } from './support/chat.js';
import { allInShadow, until } from './support/elements.js';

/** A button by its accessible name (its label, else its text), as a person finds it. */
function namedButton(host: Element, name: string): HTMLButtonElement {
  const button = allInShadow<HTMLButtonElement>(host, 'button').find(
    (candidate) => accessibleName(candidate) === name,
  );
  if (!button) throw new Error(`No button named ${name}`);
  return button;
}

let counter = 0;
const uniqueKey = () => `saved-${Date.now()}-${(counter += 1)}`;

const echo = () =>
  scriptedAgent((input, index) => [
    started(input),
    ...text(`a${index}-${input.runId}`, `Answer ${index + 1}.`),
    finished(input),
  ]);

function persisted(key: string, mode: 'local' | 'session' = 'local', extra = {}) {
  return new RunStore({ agent: echo(), persist: { mode, key }, ...extra });
}

async function ready(store: RunStore): Promise<RunStoreState> {
  await store.restored;
  return waitForState(store, (state) => state.persistence?.status !== 'loading');
}

/** Waits until the saved copy of the store's thread has as many messages as the store. */
async function saved(key: string, store: RunStore): Promise<void> {
  const db = await openThreadDb();
  const { threadId, messages } = store.getState();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const record = (await db.get(`local:${key}`, threadId)) as
      { state?: RunStoreState } | undefined;
    if (record?.state?.messages.length === messages.length) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The conversation was never saved');
}

describe('Saved threads (persist)', () => {
  it('saves the conversation and restores it in a new store, before any request to the agent', async () => {
    const key = uniqueKey();
    const first = persisted(key);
    await ready(first);
    first.send('Hello there');
    await waitForStatus(first, 'Completed');
    await saved(key, first);
    const before = first.getState();
    first.dispose();
    const agent = echo();
    const second = new RunStore({ agent, persist: { mode: 'local', key } });
    const restored = await ready(second);
    expect(restored.threadId).to.equal(before.threadId);
    expect(restored.messages).to.deep.equal(before.messages);
    expect(restored.persistence?.threads.map((thread) => thread.title)).to.deep.equal([
      'Hello there',
    ]);
    expect(agent.inputs, 'no request to the agent').to.have.length(0);
    second.send('And again');
    const done = await waitForState(
      second,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs[0]?.messages.map((message) => message.role)).to.deep.equal([
      'user',
      'assistant',
      'user',
    ]);
    expect(done.messages).to.have.length(4);
    second.dispose();
  });

  it('writes nothing anywhere without persist', async () => {
    const open = indexedDB.open.bind(indexedDB);
    let opened = 0;
    indexedDB.open = (...args: Parameters<IDBFactory['open']>) => {
      opened += 1;
      return open(...args);
    };
    try {
      const store = new RunStore({ agent: echo() });
      store.send('not saved');
      await waitForStatus(store, 'Completed');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(opened).to.equal(0);
      expect(store.getState().persistence).to.equal(undefined);
      store.dispose();
    } finally {
      indexedDB.open = open;
    }
  });

  it('drops a corrupted record with a note, and the page keeps working', async () => {
    const key = uniqueKey();
    const db = await openThreadDb();
    await db.put(
      {
        version: RECORD_VERSION,
        namespace: `local:${key}`,
        threadId: 't1',
        revision: 1,
        state: { threadId: 't1', run: 'broken' },
      } as never,
      0,
    );
    await db.setCurrent(`local:${key}`, 't1');
    const store = persisted(key);
    const state = await ready(store);
    expect(state.persistence?.note).to.match(
      /^The saved conversation could not be restored: the saved conversation is damaged: its run is not a run\.$/,
    );
    expect(state.messages).to.deep.equal([]);
    expect(await db.get(`local:${key}`, 't1'), 'never half-read: dropped').to.equal(undefined);
    store.send('still works');
    await waitForStatus(store, 'Completed');
    store.dispose();
  });

  it('refuses a record from a newer version with a note', async () => {
    const key = uniqueKey();
    const db = await openThreadDb();
    await db.put(
      {
        version: RECORD_VERSION + 1,
        namespace: `local:${key}`,
        threadId: 't2',
        revision: 1,
      } as never,
      0,
    );
    await db.setCurrent(`local:${key}`, 't2');
    const store = persisted(key);
    const state = await ready(store);
    expect(state.persistence?.note).to.contain('saved by a newer version');
    store.dispose();
  });

  it('keeps working where IndexedDB is refused (private mode, a sandboxed frame), with a note', async () => {
    const store = new RunStore({
      agent: echo(),
      persist: {
        mode: 'local',
        key: uniqueKey(),
        db: () => Promise.reject(new DOMException('The user denied permission.', 'SecurityError')),
      },
    });
    const state = await ready(store);
    expect(state.persistence).to.include({
      status: 'unavailable',
      note: 'The saved conversation could not be restored: this page may not use the browser storage (private mode or a sandboxed frame).',
    });
    store.send('hello');
    await waitForStatus(store, 'Completed');
    store.dispose();
  });

  it('names a failed write by its own error, which reaches the transaction before its abort', async () => {
    const name = `agui-test-${uniqueKey()}`;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => open.result.createObjectStore('records');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const transaction = db.transaction('records', 'readwrite');
      const settled = transactionDone(transaction);
      transaction.objectStore('records').add('first', 1);
      transaction.objectStore('records').add('second', 1);
      const error: unknown = await settled.then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).to.be.instanceOf(DOMException);
      expect((error as DOMException).name).to.equal('ConstraintError');
      expect(storageReason(new DOMException('No room.', 'QuotaExceededError'))).to.equal(
        'the browser has no room left for this site',
      );
    } finally {
      db.close();
      indexedDB.deleteDatabase(name);
    }
  });

  it('clearSavedThreads removes every saved thread of the namespace and starts an empty thread', async () => {
    const key = uniqueKey();
    const store = persisted(key);
    await ready(store);
    store.send('one');
    await waitForStatus(store, 'Completed');
    await saved(key, store);
    await store.clearSavedThreads();
    expect(store.getState().messages).to.deep.equal([]);
    const db = await openThreadDb();
    expect(await db.list(`local:${key}`)).to.deep.equal([]);
    store.dispose();
    const again = persisted(key);
    expect((await ready(again)).messages).to.deep.equal([]);
    again.dispose();
  });

  it('keeps session threads per tab: another tab id sees nothing', async () => {
    const key = uniqueKey();
    const store = persisted(key, 'session');
    await ready(store);
    store.send('this tab only');
    await waitForStatus(store, 'Completed');
    await new Promise((resolve) => setTimeout(resolve, 800));
    store.dispose();
    const same = persisted(key, 'session');
    expect((await ready(same)).messages.map((message) => message.role)).to.deep.equal([
      'user',
      'assistant',
    ]);
    same.dispose();
    const tab = sessionStorage.getItem('agui-elements.tab');
    sessionStorage.setItem('agui-elements.tab', 'another-tab');
    try {
      const other = persisted(key, 'session');
      expect((await ready(other)).messages).to.deep.equal([]);
      other.dispose();
    } finally {
      if (tab) sessionStorage.setItem('agui-elements.tab', tab);
    }
  });
});

describe('<agent-threads>', () => {
  async function twoThreads(): Promise<{ store: RunStore; key: string }> {
    const key = uniqueKey();
    const store = persisted(key);
    await ready(store);
    store.send('First   question\nabout API latency');
    await waitForStatus(store, 'Completed');
    await saved(key, store);
    store.reset();
    store.send('Second question');
    await waitForState(
      store,
      (state) => state.run.status === 'Completed' && state.messages.length === 2,
    );
    await saved(key, store);
    await waitForState(store, (state) => (state.persistence?.threads.length ?? 0) === 2);
    return { store, key };
  }

  it('lists saved threads newest first, marks the current one, switches and passes axe', async () => {
    const { store } = await twoThreads();
    const el = await fixture<AgentThreads>(html`<agent-threads .store=${store}></agent-threads>`);
    await el.updateComplete;
    const threads = allInShadow<HTMLButtonElement>(el, '[part~="thread"]');
    expect(
      threads.map((button) => button.querySelector('.thread-title')?.textContent),
    ).to.deep.equal(['Second question', 'First question about API latency']);
    // A title is the person's own words: its direction is its own (an English title on a Hebrew page ends with its "?").
    for (const button of threads) {
      expect(button.querySelector('.thread-title')?.getAttribute('dir')).to.equal('auto');
    }
    expect(threads.map((button) => button.getAttribute('aria-current'))).to.deep.equal([
      'true',
      'false',
    ]);
    expect(allInShadow(el, '[aria-label="Conversations"]').length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
    threads[1]?.click();
    await waitForState(
      store,
      (state) =>
        state.messages[0]?.parts[0]?.kind === 'text' &&
        (state.messages[0].parts[0] as { text: string }).text.startsWith('First'),
    );
    await el.updateComplete;
    expect(
      allInShadow(el, '[part~="thread"]').map((button) => button.getAttribute('aria-current')),
    ).to.deep.equal(['false', 'true']);
    store.dispose();
  });

  it('says when each thread was saved, relatively and in the list language', async () => {
    const { store } = await twoThreads();
    const el = await fixture<AgentThreads>(
      html`<agent-threads lang="fr" .store=${store}></agent-threads>`,
    );
    await el.updateComplete;
    const times = allInShadow(el, '.thread-time');
    expect(times).to.have.length(2);
    for (const time of times) {
      // Saved seconds ago: Intl's French relative time ("maintenant", "il y a 2 secondes"), the date in its title.
      expect(time.textContent?.trim()).to.match(/^(maintenant|il y a \d+ secondes?)$/);
      expect(time.getAttribute('title')).to.match(/\d{4}/);
    }
  });

  it('deletes a thread only after confirming in the page', async () => {
    const { store, key } = await twoThreads();
    const el = await fixture<AgentThreads>(html`<agent-threads .store=${store}></agent-threads>`);
    await el.updateComplete;
    namedButton(el, 'Delete First question about API latency').click();
    await el.updateComplete;
    expect(allInShadow(el, '[part~="confirm"]')).to.have.length(1);
    await expect(el).to.be.accessible();
    namedButton(el, 'Cancel').click();
    await el.updateComplete;
    expect(allInShadow(el, '[part~="thread"]')).to.have.length(2);
    namedButton(el, 'Delete First question about API latency').click();
    await el.updateComplete;
    const confirm = allInShadow<HTMLButtonElement>(el, '[part~="confirm"] button').find(
      (button) => button.textContent?.trim() === 'Delete',
    );
    confirm?.click();
    await until(() => allInShadow(el, '[part~="thread"]').length === 1);
    const db = await openThreadDb();
    expect((await db.list(`local:${key}`)).map((thread) => thread.title)).to.deep.equal([
      'Second question',
    ]);
    store.dispose();
  });

  it('says when the page does not save conversations, and fits beside a 390 px chat', async () => {
    const store = new RunStore({ agent: echo() });
    const wrap = await fixture<HTMLDivElement>(
      html`<div style="width: 390px">
        <agent-threads .store=${store}></agent-threads>
        <agent-chat .store=${store}></agent-chat>
      </div>`,
    );
    const el = wrap.querySelector('agent-threads') as AgentThreads;
    await settle(wrap.querySelector('agent-chat') as AgentChat);
    expect(el.shadowRoot?.textContent).to.contain('Conversations are not saved on this page.');
    expect(el.scrollWidth).to.be.at.most(390);
    store.dispose();
  });
});

describe('Saved threads in two tabs', () => {
  it('says "Continued in another tab" when the thread moved on while this tab streamed, and loads it on request', async () => {
    const key = uniqueKey();
    const streaming = manualAgent();
    const first = new RunStore({ agent: streaming, persist: { mode: 'local', key } });
    await ready(first);
    const chat = await fixture<AgentChat>(html`<agent-chat .store=${first}></agent-chat>`);
    first.send('Slow question');
    await until(() => streaming.open === 1);
    streaming.emit(started(streaming.inputs[0] as RunAgentInput));
    for (const event of text('a-slow', 'Still thinking').slice(0, 2)) streaming.emit(event);
    await waitForStatus(first, 'Streaming');
    await saved(key, first);
    // The other tab: the same provider on the same origin restores the thread, then moves it on.
    const second = new RunStore({ agent: echo(), persist: { mode: 'local', key } });
    const restored = await ready(second);
    expect(restored.threadId).to.equal(first.getState().threadId);
    second.send('Quick question from the other tab');
    await waitForState(
      second,
      (state) => state.run.status === 'Completed' && state.messages.length >= 3,
    );
    await waitForState(first, (state) => state.persistence?.continuedElsewhere === true);
    await settle(chat);
    const notice = allInShadow(chat, '[data-notice="elsewhere"]')[0];
    expect(notice?.textContent).to.contain('Continued in another tab.');
    expect(first.getState().run.status, 'this tab is not overwritten while it streams').to.equal(
      'Streaming',
    );
    (notice?.querySelector('button') as HTMLButtonElement).click();
    const loaded = await waitForState(first, (state) =>
      state.messages.some((message) =>
        message.parts.some(
          (part) => part.kind === 'text' && part.text === 'Quick question from the other tab',
        ),
      ),
    );
    expect(loaded.persistence?.continuedElsewhere).to.equal(false);
    expect(streaming.open, "this tab's run was cancelled first").to.equal(0);
    first.dispose();
    second.dispose();
  });
});
