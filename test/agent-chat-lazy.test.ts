import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { finished, manualAgent, started, waitForStatus } from './support/agents.js';
import { renderedUntil, settle, textDelta, textEnd, textStart } from './support/chat.js';
import { allInShadow, nextFrame, until } from './support/elements.js';

function markdownModules(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => !name.includes('/test/'))
    .filter((name) => /\/marked\/|agent-chat\/markdown/.test(name));
}

describe('<agent-chat> loading and rendering cost', () => {
  it('loads the markdown module and marked only with the first assistant message', async () => {
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
    await import('../components/define.js');
    const { RunStore } = await import('../src/store/run-store.js');
    const agent = manualAgent();
    const store = new RunStore({ agent, threadId: 'lazy' });
    const el = await fixture<AgentChat>(html`<agent-chat .store=${store}></agent-chat>`);
    await settle(el);
    expect(markdownModules(), 'an idle chat loads no markdown').to.deep.equal([]);
    store.send('Hello');
    await until(() => agent.inputs.length === 1, 15_000);
    agent.emit(started(agent.inputs[0]!));
    await settle(el);
    expect(markdownModules(), 'a user message is text: no markdown yet').to.deep.equal([]);
    agent.emit(textStart('a1'));
    agent.emit(textDelta('a1', 'A **bold** answer.'));
    await renderedUntil(el, () => allInShadow(el, '.markdown strong').length === 1);
    const loaded = markdownModules().join('\n');
    expect(loaded).to.match(/\/marked\//);
    expect(loaded).to.match(/agent-chat\/markdown\.ts/);
    agent.emit(textEnd('a1'));
    agent.emit(finished(agent.inputs[0]!));
    await waitForStatus(store, 'Completed');
  });

  it('renders at most once per animation frame however many tokens arrive', async () => {
    await import('../components/define.js');
    const { RunStore } = await import('../src/store/run-store.js');
    const agent = manualAgent();
    const store = new RunStore({ agent, threadId: 'frames' });
    const el = await fixture<AgentChat>(html`<agent-chat .store=${store}></agent-chat>`);
    store.send('Count');
    await until(() => agent.inputs.length === 1, 15_000);
    agent.emit(started(agent.inputs[0]!));
    agent.emit(textStart('a1'));
    agent.emit(textDelta('a1', 'Warm up. '));
    await renderedUntil(el, () => allInShadow(el, '.markdown').length === 1);
    await settle(el);
    let renders = 0;
    const observer = new MutationObserver(() => {
      renders += 1;
    });
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
    let frames = 0;
    let counting = true;
    const countFrames = () => {
      frames += 1;
      if (counting) requestAnimationFrame(countFrames);
    };
    requestAnimationFrame(countFrames);
    // 60 tokens, each in its own task, as a network stream delivers them.
    for (let index = 0; index < 60; index += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      agent.emit(textDelta('a1', `t${index} `));
    }
    await nextFrame();
    await el.updateComplete;
    counting = false;
    observer.disconnect();
    expect(el.shadowRoot!.textContent).to.contain('t59');
    expect(renders, `${renders} renders in ${frames} frames`).to.be.at.most(frames + 1);
    expect(renders).to.be.lessThan(30);
    store.cancel();
  });
});
