import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import type { MessageFeedbackEvent } from '../components/agent-chat/feedback-event.js';
import { createReplayAgent, METRICS_TIMEOUT } from '../src/fixtures/index.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike, RunStoreState } from '../src/store/types.js';
import {
  finished,
  manualAgent,
  scriptedAgent,
  started,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import {
  answer,
  button,
  buttonsNamed,
  chatFor,
  lastUserText,
  renderedUntil,
  settle,
  sub,
  textDelta,
  textEnd,
  textStart,
} from './support/chat.js';
import { allInShadow, inShadow, recordEvents, until } from './support/elements.js';

function storeWith(agent: AgentLike, restore?: unknown): RunStore {
  return new RunStore({ agent, threadId: 'thread-conv', ...(restore ? { restore } : {}) });
}

const laneText = (type: string, messageId: string, subagentRunId: string, delta?: string) =>
  ({
    type,
    messageId,
    subagentRunId,
    ...(type === 'TEXT_MESSAGE_START' ? { role: 'assistant' } : {}),
    ...(delta !== undefined ? { delta } : {}),
  }) as BaseEvent;

function blocks(el: AgentChat, name: string): HTMLDetailsElement[] {
  return allInShadow<HTMLDetailsElement>(el, '[part~="subagent"]').filter(
    (details) => details.querySelector(':scope > summary .subagent-name')?.textContent === name,
  );
}

function block(el: AgentChat, name: string): HTMLDetailsElement {
  const found = blocks(el, name);
  if (found.length !== 1)
    throw new Error(`Expected one subagent block ${name}, found ${found.length}`);
  return found[0] as HTMLDetailsElement;
}

const ownText = (details: HTMLDetailsElement) =>
  [...details.querySelectorAll(':scope > .tool-body > .reply-text')]
    .map((node) => node.textContent?.trim())
    .join(' | ');
const status = (details: HTMLDetailsElement) =>
  details
    .querySelector(':scope > summary .subagent-status')
    ?.textContent?.replace(/\s+/g, ' ')
    .trim();
const userTexts = (el: AgentChat) =>
  allInShadow(el, '[data-role="user"] .bubble .plain').map((node) => node.textContent);
const transcriptText = (el: AgentChat) => inShadow(el, '.transcript').textContent ?? '';
const versionText = (el: AgentChat) =>
  allInShadow(el, '[part~="versions"] > span').map((node) => node.textContent?.trim());

describe('<agent-chat> conversation: subagents', () => {
  it('keeps two interleaved subagent lanes apart, open while they run; an error fails only its block', async () => {
    const agent = manualAgent();
    const store = storeWith(agent);
    const el = await chatFor(store);
    store.send('Delegate');
    await until(() => agent.runs.length === 1);
    const input = agent.inputs[0] as RunAgentInput;
    agent.emit(started(input));
    agent.emit(textStart('p1'));
    agent.emit(textDelta('p1', 'Handing off.'));
    agent.emit(textEnd('p1'));
    agent.emit(sub('SUBAGENT_STARTED', 's-a', { name: 'alpha', parentMessageId: 'p1' }));
    agent.emit(sub('SUBAGENT_STARTED', 's-b', { name: 'beta', description: 'Second check' }));
    agent.emit(laneText('TEXT_MESSAGE_START', 'a1', 's-a'));
    agent.emit(laneText('TEXT_MESSAGE_START', 'b1', 's-b'));
    for (const word of ['one ', 'two ', 'three']) {
      agent.emit(laneText('TEXT_MESSAGE_CONTENT', 'a1', 's-a', `A-${word}`));
      // The second lane's content names its message only, as an agent may send it.
      agent.emit({
        type: 'TEXT_MESSAGE_CONTENT',
        messageId: 'b1',
        delta: `B-${word}`,
      } as BaseEvent);
    }
    await renderedUntil(
      el,
      () => blocks(el, 'beta').length === 1 && ownText(block(el, 'beta')).includes('B-three'),
    );
    expect(ownText(block(el, 'alpha'))).to.equal('A-one A-two A-three');
    expect(ownText(block(el, 'beta'))).to.equal('B-one B-two B-three');
    expect(block(el, 'alpha').open, 'open while running').to.equal(true);
    expect(status(block(el, 'alpha'))).to.equal('Running');
    expect(block(el, 'beta').querySelector('.tool-note')?.textContent).to.equal('Second check');
    agent.emit(laneText('TEXT_MESSAGE_END', 'a1', 's-a'));
    agent.emit(laneText('TEXT_MESSAGE_END', 'b1', 's-b'));
    agent.emit(sub('SUBAGENT_FINISHED', 's-a'));
    agent.emit(sub('SUBAGENT_ERROR', 's-b', { message: 'Quota exceeded', code: 'quota' }));
    agent.emit(textStart('p2'));
    agent.emit(textDelta('p2', 'Alpha is done.'));
    agent.emit(textEnd('p2'));
    agent.emit(finished(input));
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status, 'a subagent error does not fail the run').to.equal('Completed');
    await renderedUntil(el, () => status(block(el, 'beta'))?.startsWith('Failed') === true);
    expect(status(block(el, 'alpha'))).to.match(/^Done · \d+\.\d s$/);
    expect(block(el, 'alpha').open, 'collapsed when done').to.equal(false);
    expect(block(el, 'beta').querySelector('.subagent-error')?.textContent?.trim()).to.equal(
      'Error: Quota exceeded (quota)',
    );
    // The lanes' text is not the parent's: the parent's rows show only its own.
    const parentText = allInShadow(el, '[data-role="assistant"] > .reply-text').map((node) =>
      node.textContent?.trim(),
    );
    expect(parentText).to.deep.equal(['Handing off.', 'Alpha is done.']);
    expect(allInShadow(el, '[part~="error"]')).to.have.length(0);
  });

  it('shows a suspended subagent as waiting while the run asks for approval', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      sub('SUBAGENT_STARTED', 's-w', { name: 'planner' }),
      laneText('TEXT_MESSAGE_START', 'w1', 's-w'),
      laneText('TEXT_MESSAGE_CONTENT', 'w1', 's-w', 'Needs a go-ahead.'),
      laneText('TEXT_MESSAGE_END', 'w1', 's-w'),
      sub('SUBAGENT_FINISHED', 's-w', { outcome: { type: 'suspended', interruptIds: ['i-1'] } }),
      finished(input, {
        type: 'interrupt',
        interrupts: [{ id: 'i-1', reason: 'approval', message: 'Go ahead?' }],
      }),
    ]);
    const store = storeWith(agent);
    const el = await chatFor(store);
    store.send('Plan it');
    await waitForStatus(store, 'Needs approval');
    await renderedUntil(
      el,
      () =>
        blocks(el, 'planner').length === 1 &&
        status(block(el, 'planner'))?.startsWith('Waiting') === true,
    );
    expect(status(block(el, 'planner'))).to.match(/^Waiting for input · /);
    expect(block(el, 'planner').dataset.status).to.equal('waiting');
    expect(buttonsNamed(el, 'Approve')).to.have.length(1);
  });

  it('nests a subagent started by another inside its block, and sends lanes back attributed', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            sub('SUBAGENT_STARTED', 'outer', { name: 'lead' }),
            sub('SUBAGENT_STARTED', 'inner', { name: 'helper', parentSubagentRunId: 'outer' }),
            laneText('TEXT_MESSAGE_START', 'i1', 'inner'),
            laneText('TEXT_MESSAGE_CONTENT', 'i1', 'inner', 'Inner work.'),
            laneText('TEXT_MESSAGE_END', 'i1', 'inner'),
            sub('SUBAGENT_FINISHED', 'inner'),
            sub('SUBAGENT_FINISHED', 'outer'),
            finished(input),
          ]
        : answer(input, 'x', 'ok'),
    );
    const store = storeWith(agent);
    const el = await chatFor(store);
    store.send('Nest');
    await waitForStatus(store, 'Completed');
    await renderedUntil(el, () => allInShadow(el, '[part~="subagent"]').length === 2);
    const inner = block(el, 'helper');
    expect(inner.parentElement?.closest('[part~="subagent"]')).to.equal(block(el, 'lead'));
    expect(ownText(inner)).to.equal('Inner work.');
    store.send('Next');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    const sent = agent.inputs[1]?.messages.find((message) => message.id === 'i1');
    expect(sent).to.include({ role: 'assistant', content: 'Inner work.', subagentRunId: 'inner' });
  });

  it("keeps a subagent's messages in its block when a MESSAGES_SNAPSHOT lists them too", async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      textStart('p1'),
      textDelta('p1', 'Parent.'),
      textEnd('p1'),
      sub('SUBAGENT_STARTED', 's-x', { name: 'snap', parentMessageId: 'p1' }),
      laneText('TEXT_MESSAGE_START', 'x1', 's-x'),
      laneText('TEXT_MESSAGE_CONTENT', 'x1', 's-x', 'Lane text.'),
      laneText('TEXT_MESSAGE_END', 'x1', 's-x'),
      sub('SUBAGENT_FINISHED', 's-x'),
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: [
          ...input.messages,
          { id: 'p1', role: 'assistant', content: 'Parent.' },
          { id: 'x1', role: 'assistant', content: 'Lane text.', subagentRunId: 's-x' },
        ],
      } as BaseEvent,
      finished(input),
    ]);
    const store = storeWith(agent);
    const el = await chatFor(store);
    store.send('Snapshot');
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status).to.equal('Completed');
    expect(done.messages.map((message) => message.id)).to.deep.equal([done.messages[0]?.id, 'p1']);
    await renderedUntil(el, () => blocks(el, 'snap').length === 1);
    expect(ownText(block(el, 'snap'))).to.equal('Lane text.');
  });

  it('plays the fixture delegation recipe: one subagent done, one failed with its reason', async () => {
    const store = storeWith(createReplayAgent({ timeScale: 0 }));
    const el = await chatFor(store);
    store.send('Delegate the checks to subagents');
    await waitForStatus(store, 'Completed');
    await renderedUntil(el, () => allInShadow(el, '[part~="subagent"]').length === 2);
    expect(status(block(el, 'log-reader'))).to.match(/^Done/);
    expect(
      block(el, 'log-reader').querySelector('[part~="tool-call"] .tool-name')?.textContent,
    ).to.equal('search_logs');
    expect(block(el, 'metrics-query').querySelector('.subagent-error')?.textContent).to.contain(
      METRICS_TIMEOUT,
    );
    for (const details of allInShadow<HTMLDetailsElement>(el, 'details')) details.open = true;
    await expect(el).to.be.accessible();
  });
});

describe('<agent-chat> conversation: edit and branches', () => {
  it('edits a message in the middle of a long thread: a new branch, the old one a version away', async () => {
    const agent = scriptedAgent((input, index) => answer(input, `a${index}`, `Answer ${index}`));
    const store = storeWith(agent);
    const el = await chatFor(store);
    for (const [index, text] of ['First', 'Second', 'Third'].entries()) {
      store.send(text);
      await waitForState(store, (s) => s.run.number === index + 1 && s.run.status === 'Completed');
    }
    await renderedUntil(el, () => buttonsNamed(el, 'Edit').length === 3);
    buttonsNamed(el, 'Edit')[1]?.click();
    await renderedUntil(el, () => allInShadow(el, 'textarea[part~="edit-input"]').length === 1);
    const editor = inShadow<HTMLTextAreaElement>(el, 'textarea[part~="edit-input"]');
    expect(editor.value).to.equal('Second');
    expect(el.shadowRoot?.activeElement).to.equal(editor);
    expect(inShadow(el, '.composer-slot').inert, 'the composer is inert while editing').to.equal(
      true,
    );
    editor.select();
    await sendKeys({ type: 'Second, edited' });
    button(el, 'Save and send').click();
    await waitForState(store, (s) => s.run.number === 4 && s.run.status === 'Completed');
    expect(agent.inputs[3]?.messages.map((message) => message.content)).to.deep.equal([
      'First',
      'Answer 0',
      'Second, edited',
    ]);
    await renderedUntil(el, () => transcriptText(el)!.includes('Answer 3'));
    expect(userTexts(el)).to.deep.equal(['First', 'Second, edited']);
    expect(transcriptText(el)).not.to.contain('Third');
    expect(versionText(el)).to.deep.equal(['2 / 2']);
    expect(inShadow(el, '.composer-slot').inert).to.equal(false);
    const state = store.getState();
    expect(state.messages.map((message) => message.id)).not.to.include.members(
      state.branches.flatMap((point) =>
        point.versions.flatMap((version) => version?.messages.map((message) => message.id) ?? []),
      ),
    );
    button(el, 'Previous version').click();
    await renderedUntil(el, () => versionText(el)[0] === '1 / 2');
    expect(userTexts(el)).to.deep.equal(['First', 'Second', 'Third']);
    expect(transcriptText(el)).to.contain('Answer 2');
    expect(store.getState().messages.length).to.equal(6);
    expect(button(el, 'Previous version').disabled).to.equal(true);
    button(el, 'Next version').click();
    await renderedUntil(el, () => versionText(el)[0] === '2 / 2');
    expect(userTexts(el)).to.deep.equal(['First', 'Second, edited']);
  });

  it('cancels editing with Cancel editing or Escape, and focus returns to Edit', async () => {
    const agent = scriptedAgent((input) => answer(input, 'a', 'Hi'));
    const store = storeWith(agent);
    const el = await chatFor(store);
    store.send('Hello');
    await waitForStatus(store, 'Completed');
    await renderedUntil(el, () => buttonsNamed(el, 'Edit').length === 1);
    button(el, 'Edit').click();
    await renderedUntil(el, () => buttonsNamed(el, 'Cancel editing').length === 1);
    await sendKeys({ press: 'Escape' });
    await renderedUntil(el, () => buttonsNamed(el, 'Edit').length === 1);
    expect(el.shadowRoot?.activeElement).to.equal(button(el, 'Edit'));
    button(el, 'Edit').click();
    await renderedUntil(el, () => buttonsNamed(el, 'Cancel editing').length === 1);
    button(el, 'Cancel editing').click();
    await renderedUntil(el, () => buttonsNamed(el, 'Edit').length === 1);
    expect(userTexts(el)).to.deep.equal(['Hello']);
    expect(agent.inputs).to.have.length(1);
    expect(store.getState().branches).to.deep.equal([]);
  });

  it('regenerates into a new version and switches back to the first answer', async () => {
    const agent = scriptedAgent((input, index) => answer(input, `a${index}`, `Answer ${index}`));
    const store = storeWith(agent);
    const el = await chatFor(store);
    store.send('Question');
    await waitForStatus(store, 'Completed');
    await renderedUntil(el, () => buttonsNamed(el, 'Regenerate').length === 1);
    button(el, 'Regenerate').click();
    await waitForState(store, (s) => s.run.number === 2 && s.run.status === 'Completed');
    await renderedUntil(el, () => transcriptText(el)!.includes('Answer 1'));
    expect(transcriptText(el)).not.to.contain('Answer 0');
    expect(versionText(el)).to.deep.equal(['2 / 2']);
    button(el, 'Previous version').click();
    await renderedUntil(el, () => transcriptText(el)!.includes('Answer 0'));
    expect(transcriptText(el)).not.to.contain('Answer 1');
    expect(versionText(el)).to.deep.equal(['1 / 2']);
    expect(el.shadowRoot?.activeElement).to.equal(button(el, 'Next version'));
    expect(store.getState().messages.map((message) => message.id)).to.have.length(2);
    // The next run carries only the branch on screen.
    store.send('Follow-up');
    await waitForState(store, (s) => s.run.number === 3 && s.run.status === 'Completed');
    expect(agent.inputs[2]?.messages.map((message) => message.content)).to.deep.equal([
      'Question',
      'Answer 0',
      'Follow-up',
    ]);
  });

  it('cancels a streaming run before it switches versions', async () => {
    const agent = manualAgent();
    const store = storeWith(agent);
    const el = await chatFor(store);
    store.send('Question');
    await until(() => agent.runs.length === 1);
    for (const event of answer(agent.inputs[0] as RunAgentInput, 'a0', 'Answer 0'))
      agent.emit(event);
    await waitForStatus(store, 'Completed');
    store.regenerate();
    await until(() => agent.runs.length === 2);
    agent.emit(started(agent.inputs[1] as RunAgentInput));
    agent.emit(textStart('a1'));
    agent.emit(textDelta('a1', 'Answer 1 so far'));
    await renderedUntil(el, () => buttonsNamed(el, 'Previous version').length === 1);
    button(el, 'Previous version').click();
    const state = await waitForStatus(store, 'Cancelled');
    expect(state.run.cause).to.equal('user');
    expect(agent.open).to.equal(0);
    await renderedUntil(el, () => transcriptText(el)!.includes('Answer 0'));
    expect(transcriptText(el)).not.to.contain('Answer 1 so far');
    button(el, 'Next version').click();
    await renderedUntil(el, () => transcriptText(el)!.includes('Answer 1 so far'));
  });

  it('saves and restores branches, feedback and subagent blocks as plain data', async () => {
    const agent = scriptedAgent((input, index) => [
      started(input),
      sub('SUBAGENT_STARTED', `s${index}`, { name: `worker ${index}` }),
      sub('SUBAGENT_FINISHED', `s${index}`),
      ...answer(input, `a${index}`, `Answer ${index}`).slice(1),
    ]);
    const store = storeWith(agent);
    store.send('Question');
    await waitForStatus(store, 'Completed');
    store.regenerate();
    await waitForState(store, (s) => s.run.number === 2 && s.run.status === 'Completed');
    store.setFeedback('a1', { value: 'good', comment: 'Clear' });
    const saved = JSON.parse(JSON.stringify(store.getState())) as RunStoreState;
    const restored = storeWith(manualAgent(), saved);
    expect(restored.getState().branches).to.deep.equal(saved.branches);
    expect(restored.getState().feedback).to.deep.equal({ a1: { value: 'good', comment: 'Clear' } });
    const el = await chatFor(restored);
    await renderedUntil(el, () => versionText(el)[0] === '2 / 2');
    expect(blocks(el, 'worker 1')).to.have.length(1);
    expect(button(el, 'Good response').getAttribute('aria-pressed')).to.equal('true');
    button(el, 'Previous version').click();
    await renderedUntil(el, () => transcriptText(el)!.includes('Answer 0'));
    expect(blocks(el, 'worker 0')).to.have.length(1);
    const broken = { ...saved, branches: [{ after: 'x', current: 3, versions: [null] }] };
    const rejected = storeWith(manualAgent(), broken).getState();
    expect(rejected.messages).to.deep.equal([]);
    expect(rejected.activity.at(-1)?.text).to.contain('branches[0].current');
  });
});

describe('<agent-chat> conversation: feedback', () => {
  it('toggles Good and Bad response with aria-pressed, fires message-feedback, honours a veto', async () => {
    const agent = scriptedAgent((input, index) => answer(input, `a${index}`, `Answer ${index}`));
    const store = storeWith(agent);
    const el = await chatFor(store);
    store.send('Question');
    await waitForStatus(store, 'Completed');
    await renderedUntil(el, () => buttonsNamed(el, 'Good response').length === 1);
    const events = recordEvents(el, ['message-feedback']) as MessageFeedbackEvent[];
    button(el, 'Good response').click();
    await renderedUntil(
      el,
      () => button(el, 'Good response').getAttribute('aria-pressed') === 'true',
    );
    expect(button(el, 'Bad response').getAttribute('aria-pressed')).to.equal('false');
    expect(events[0]?.detail).to.deep.equal({
      messageId: 'a0',
      serverMessageId: 'a0',
      threadId: 'thread-conv',
      runId: store.getState().run.id,
      value: 'good',
      comment: '',
    });
    expect(events[0]?.cancelable).to.equal(true);
    expect(store.getState().feedback).to.deep.equal({ a0: { value: 'good' } });

    const veto = (event: Event) => event.preventDefault();
    el.addEventListener('message-feedback', veto);
    button(el, 'Bad response').click();
    await settle(el);
    expect(events[1]?.detail.value).to.equal('bad');
    expect(store.getState().feedback.a0?.value, 'vetoed: unchanged').to.equal('good');
    expect(button(el, 'Good response').getAttribute('aria-pressed')).to.equal('true');
    el.removeEventListener('message-feedback', veto);

    const comment = inShadow<HTMLDetailsElement>(el, '[part~="feedback-comment"]');
    comment.open = true;
    comment.querySelector('textarea')!.value = 'Too short';
    comment.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await until(() => store.getState().feedback.a0?.comment === 'Too short');
    expect(events[2]?.detail).to.include({ value: 'good', comment: 'Too short' });

    button(el, 'Good response').click();
    await renderedUntil(
      el,
      () => button(el, 'Good response').getAttribute('aria-pressed') === 'false',
    );
    expect(events[3]?.detail.value).to.equal(null);
    expect(store.getState().feedback).to.deep.equal({});
    store.send('More');
    await waitForState(store, (s) => s.run.number === 2 && s.run.status === 'Completed');
    expect(JSON.stringify(agent.inputs[1])).not.to.contain('Too short');
    expect(lastUserText(agent.inputs[1])).to.equal('More');
  });

  it('passes axe and stays within 390 px with subagents, versions, an editor and feedback', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const agent = scriptedAgent((input, index) => [
        started(input),
        sub('SUBAGENT_STARTED', `s${index}`, { name: 'a-subagent-with-a-rather-long-name' }),
        sub('SUBAGENT_ERROR', `s${index}`, {
          message: 'An error message that is long enough to wrap',
        }),
        ...answer(input, `a${index}`, `Answer ${index}`).slice(1),
      ]);
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('A question that is long enough to wrap on a narrow phone screen');
      await waitForStatus(store, 'Completed');
      store.regenerate();
      await waitForState(store, (s) => s.run.number === 2 && s.run.status === 'Completed');
      store.setFeedback('a1', { value: 'bad' });
      await renderedUntil(el, () => versionText(el).length === 1);
      for (const details of allInShadow<HTMLDetailsElement>(el, 'details')) details.open = true;
      await settle(el);
      await expect(el).to.be.accessible();
      expect(document.documentElement.scrollWidth).to.be.at.most(390);
      button(el, 'Edit').click();
      await renderedUntil(el, () => buttonsNamed(el, 'Save and send').length === 1);
      await expect(el).to.be.accessible();
      expect(document.documentElement.scrollWidth).to.be.at.most(390);
    } finally {
      await setViewport({ width: 900, height: 800 });
    }
  });
});
