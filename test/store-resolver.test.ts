import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { StoreController } from '../components/shared/store-controller.js';
import { StoreResolver } from '../components/shared/store-resolver.js';
import { RunStore } from '../src/store/run-store.js';
import { countSubscriptions } from './support/elements.js';

/** An element that shows which thread it is bound to. */
class ThreadProbe extends LitElement {
  store: RunStore | null = null;
  run: string | null | undefined = undefined;
  readonly thread = new StoreController(this, (state) => state.threadId);
  readonly status = new StoreController(this, (state) => state.run.status);
}
customElements.define('thread-probe', ThreadProbe);

describe('StoreResolver: which store an element uses', () => {
  it('prefers .store, then the provider named by run, then the nearest provider', async () => {
    const own = new RunStore({ threadId: 'own' });
    const root = await fixture<HTMLDivElement>(
      html`<div>
        <agent-run id="named" thread-id="named"></agent-run>
        <agent-run thread-id="around"><thread-probe></thread-probe></agent-run>
      </div>`,
    );
    const probe = root.querySelector('thread-probe') as ThreadProbe;
    await probe.updateComplete;
    expect(probe.thread.value).to.equal('around');
    probe.setAttribute('run', 'named');
    probe.requestUpdate();
    await probe.updateComplete;
    expect(probe.thread.value).to.equal('named');
    probe.store = own;
    probe.requestUpdate();
    await probe.updateComplete;
    expect(probe.thread.value).to.equal('own');
    probe.store = null;
    probe.run = '';
    probe.requestUpdate();
    await probe.updateComplete;
    expect(probe.thread.store, 'run="" names no provider').to.equal(null);
    own.dispose();
  });

  it('finds a provider named by id that appears later', async () => {
    const root = await fixture<HTMLDivElement>(
      html`<div><thread-probe run="late"></thread-probe></div>`,
    );
    const probe = root.querySelector('thread-probe') as ThreadProbe;
    await probe.updateComplete;
    expect(probe.thread.store).to.equal(null);
    const provider = document.createElement('agent-run') as AgentRun;
    provider.id = 'late';
    provider.threadId = 'late-thread';
    root.append(provider);
    await probe.updateComplete;
    expect(probe.thread.value).to.equal('late-thread');
  });

  it('is one resolver per element, shared by its controllers, and unsubscribes on removal', async () => {
    const store = new RunStore({ threadId: 'shared' });
    const open = countSubscriptions(store);
    const probe = await fixture<ThreadProbe>(html`<thread-probe .store=${store}></thread-probe>`);
    expect(StoreResolver.for(probe).store).to.equal(store);
    expect(probe.thread.store).to.equal(store);
    expect(probe.status.store).to.equal(store);
    expect(open()).to.equal(2);
    probe.remove();
    expect(open()).to.equal(0);
    store.dispose();
  });

  it('answers a context request made with the global key, as a second bundle would', async () => {
    const provider = await fixture<AgentRun>(html`<agent-run><span></span></agent-run>`);
    const asker = provider.querySelector('span') as HTMLSpanElement;
    let found: unknown = null;
    const request = Object.assign(new Event('context-request', { bubbles: true, composed: true }), {
      context: Symbol.for('agui-elements.run-store'),
      contextTarget: asker,
      callback: (value: unknown) => {
        found = value;
      },
      subscribe: false,
    });
    asker.dispatchEvent(request);
    expect(found).to.equal(provider.store);
  });
});
