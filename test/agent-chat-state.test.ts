import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { createInitialState } from '../src/store/reducer.js';
import { RunStore } from '../src/store/run-store.js';
import type { ChatMessage, RunStoreState } from '../src/store/types.js';
import {
  finished,
  scriptedAgent,
  started,
  text,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import { renderedUntil, settle } from './support/chat.js';
import { allInShadow } from './support/elements.js';

const uiRender = (title: string): BaseEvent =>
  ({
    type: 'CUSTOM',
    name: 'ui_render',
    value: {
      component: 'AlertBanner',
      props: { severity: 'warning', title, message: 'Check it.', cell_id: 1 },
    },
  }) as BaseEvent;

/** What a person reads in the transcript, row by row (whitespace collapsed). */
function rows(chat: AgentChat): string[] {
  return allInShadow(chat, '.messages > .row, .messages > .run-note').map((row) =>
    (row.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
}

/** A conversation with an answered approval, a ui_render artifact and a second turn. */
async function conversation(): Promise<RunStore> {
  const agent = scriptedAgent((input, index) =>
    index === 0
      ? [
          started(input),
          ...text('a1', 'I can open **a work order**.'),
          uiRender('Vibration on cell 1'),
          finished(input, {
            type: 'interrupt',
            interrupts: [{ id: 'wo-1', reason: 'approval', message: 'Open a work order?' }],
          }),
        ]
      : [started(input), ...text(`a${index + 1}`, `Reply ${index + 1}.`), finished(input)],
  );
  const store = new RunStore({ agent });
  store.send('Check cell 1');
  await waitForStatus(store, 'Needs approval');
  store.deny('wo-1', { comment: 'not now' });
  await waitForState(store, (state) => state.run.number === 2 && state.run.status === 'Completed');
  store.send('Thanks');
  await waitForState(store, (state) => state.run.number === 3 && state.run.status === 'Completed');
  return store;
}

describe('<agent-chat> is a pure function of the store', () => {
  it('shows the same transcript in a second chat, a late chat and a chat on a restored store', async () => {
    const agent = scriptedAgent((input) => [started(input), finished(input)]);
    const store = new RunStore({ agent });
    const first = await fixture<AgentChat>(html`<agent-chat .store=${store}></agent-chat>`);
    const live = await conversation();
    first.store = live;
    const second = await fixture<AgentChat>(html`<agent-chat .store=${live}></agent-chat>`);
    const restored = new RunStore({ restore: JSON.parse(JSON.stringify(live.getState())) });
    const third = await fixture<AgentChat>(html`<agent-chat .store=${restored}></agent-chat>`);
    for (const chat of [second, first, third]) {
      await settle(chat);
      await renderedUntil(chat, () => allInShadow(chat, '.markdown strong').length === 1).catch(
        () => {
          throw new Error(
            `no markdown in chat ${[first, second, third].indexOf(chat)}: ${rows(chat).join(' | ')}`,
          );
        },
      );
    }
    const expected = rows(first);
    expect(expected.join(' | ')).to.contain('You denied.');
    expect(expected.join(' | ')).to.contain('Reply 3.');
    expect(allInShadow(first, '[part~="approval"]')).to.have.length(1);
    expect(rows(second)).to.deep.equal(expected);
    expect(rows(third)).to.deep.equal(expected);
    for (const chat of [first, second, third]) {
      const banner = allInShadow(chat, '.artifact');
      expect(banner, 'the ui_render artifact shows in each chat').to.have.length(1);
    }
    live.dispose();
    restored.dispose();
    store.dispose();
  });

  it('keeps the answered approval after the next run, where the old chat dropped nothing either', async () => {
    const live = await conversation();
    const chat = await fixture<AgentChat>(html`<agent-chat .store=${live}></agent-chat>`);
    await settle(chat);
    const approval = allInShadow(chat, '[part~="approval"]')[0];
    expect(approval?.getAttribute('data-answer')).to.equal('denied');
    expect(approval?.textContent).to.contain('Your comment: not now');
    live.dispose();
  });

  it('offers Retry after a restored run that the page closed', async () => {
    const saved = {
      ...new RunStore().getState(),
      run: {
        status: 'Streaming',
        number: 1,
        id: 'run-x',
        kind: 'chat',
        scenario: null,
        cause: null,
        failure: null,
        followUps: 0,
      },
      messages: [
        {
          id: 'u1',
          role: 'user',
          parts: [{ kind: 'text', text: 'Hello' }],
          streaming: false,
          run: 0,
        },
      ],
    };
    const agent = scriptedAgent((input) => [
      started(input),
      ...text('a1', 'Back again.'),
      finished(input),
    ]);
    const store = new RunStore({ agent, restore: saved });
    const chat = await fixture<AgentChat>(html`<agent-chat .store=${store}></agent-chat>`);
    await settle(chat);
    const note = allInShadow(chat, '.run-note')[0];
    expect(note?.textContent).to.contain('Cancelled — the page was closed.');
    (note?.querySelector('button') as HTMLButtonElement).click();
    await waitForStatus(store, 'Completed');
    await renderedUntil(chat, () => rows(chat).some((row) => row.includes('Back again.')));
    expect(agent.inputs[0]?.messages.map((message) => message.role)).to.deep.equal(['user']);
    store.dispose();
  });

  it('paints a long restored thread latest first, then fills in earlier messages a few per frame, in order', async () => {
    const count = 300;
    const messages: ChatMessage[] = Array.from({ length: count }, (_, index) => ({
      id: `m${index}`,
      role: index % 2 === 0 ? 'user' : 'assistant',
      parts: [{ kind: 'text', text: `Message ${index}` }],
      streaming: false,
      run: index % 2 === 0 ? 0 : (index + 1) / 2,
    }));
    const initial = createInitialState('thread-long');
    const saved: RunStoreState = {
      ...initial,
      messages,
      run: { ...initial.run, status: 'Completed', number: count / 2, id: 'run-long', kind: 'chat' },
    };
    const store = new RunStore({ restore: JSON.parse(JSON.stringify(saved)) });
    const chat = await fixture<AgentChat>(html`<agent-chat .store=${store}></agent-chat>`);
    const first = rows(chat);
    expect(first.length).to.be.within(1, 40);
    expect(first[first.length - 1]).to.contain(`Message ${count - 1}`);
    let frames = 0;
    while (rows(chat).length < count && frames < 400) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await chat.updateComplete;
      frames += 1;
    }
    const all = rows(chat);
    expect(all.length).to.equal(count);
    expect(all.map((row) => Number(/Message (\d+)/.exec(row)?.[1]))).to.deep.equal(
      messages.map((_, index) => index),
    );
    expect(frames).to.be.greaterThan(1);
    store.dispose();
  });
});
