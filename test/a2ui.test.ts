// A2UI surfaces against the fixture server, which runs the real @ag-ui/a2ui-middleware 0.0.10: the schedule form
// streams, paints in its turn, takes a person's input, and its Schedule button sends the middleware's userAction.
import { expect, fixture, html } from '@open-wc/testing';
import type { RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import { RunStore } from '../src/store/run-store.js';
import { waitForStatus } from './support/agents.js';
import { chatFor, settle } from './support/chat.js';
import { until } from './support/elements.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import type { A2uiActionEvent } from '../components/agent-chat/events.js';

/** The first surface loads the renderer part: hundreds of modules from the test server, slow on a busy machine. */
const FIRST_LOAD_MS = 45_000;

const ENDPOINT = '/__test/fixture/end-0/api/agent-analysis';

/** A store on the fixture endpoint that keeps every RunAgentInput it posts. */
function recordingStore(): { store: RunStore; inputs: RunAgentInput[] } {
  const inputs: RunAgentInput[] = [];
  const store = new RunStore({
    endpoint: {
      url: ENDPOINT,
      fetch: (url, init) => {
        inputs.push(JSON.parse(String(init?.body)) as RunAgentInput);
        return fetch(url, init);
      },
    },
  });
  return { store, inputs };
}

/** Elements inside the chat's surfaces (light DOM of <a2ui-surface>'s shadow root). */
function inSurfaces<T extends Element = HTMLElement>(chat: AgentChat, selector: string): T[] {
  const surfaces = [...(chat.shadowRoot?.querySelectorAll('a2ui-surface') ?? [])];
  return surfaces.flatMap((surface) => [
    ...(surface.shadowRoot?.querySelectorAll<T>(selector) ?? []),
  ]);
}

async function scheduleForm(): Promise<{
  chat: AgentChat;
  store: RunStore;
  inputs: RunAgentInput[];
}> {
  const { store, inputs } = recordingStore();
  const chat = await chatFor(store);
  store.send('Schedule maintenance for cell 3');
  await waitForStatus(store, 'Completed');
  await until(() => inSurfaces(chat, 'button').length === 1, FIRST_LOAD_MS);
  await settle(chat);
  return { chat, store, inputs };
}

describe('A2UI surfaces from @ag-ui/a2ui-middleware', function () {
  this.timeout(60_000);

  it('paints the form in the turn where it arrived, with labelled fields', async () => {
    const { chat, store } = await scheduleForm();
    const activity = store.getState().messages.find((message) => message.role === 'activity');
    expect(activity?.activityType).to.equal('a2ui-surface');
    expect(activity?.id).to.match(/^a2ui-surface-/);
    const surface = chat.shadowRoot!.querySelector('a2ui-surface')!;
    expect(surface.getAttribute('data-surface-id')).to.equal('schedule-maintenance-cell-3');
    const technician = inSurfaces<HTMLInputElement>(chat, 'input[type="text"]')[0]!;
    expect(technician.value).to.equal('Ana Souza');
    expect(technician.closest('label')?.textContent).to.contain('Technician');
    expect(inSurfaces(chat, 'button')[0]!.textContent).to.contain('Schedule');
    expect(surface.shadowRoot!.textContent).to.contain('Schedule maintenance for cell 3');
  });

  it('sends the middleware’s exact userAction with the person’s values, and no user message', async () => {
    const { chat, store, inputs } = await scheduleForm();
    const technician = inSurfaces<HTMLInputElement>(chat, 'input[type="text"]')[0]!;
    technician.value = 'Jo Park';
    technician.dispatchEvent(new Event('input', { bubbles: true }));
    const date = inSurfaces<HTMLInputElement>(chat, 'input[type="date"]')[0]!;
    date.value = '2026-12-03';
    date.dispatchEvent(new Event('input', { bubbles: true }));
    date.dispatchEvent(new Event('change', { bubbles: true }));
    const seen: A2uiActionEvent[] = [];
    chat.addEventListener('a2ui-action', (event) => seen.push(event));
    const users = store.getState().messages.filter((message) => message.role === 'user').length;
    inSurfaces<HTMLButtonElement>(chat, 'button')[0]!.click();
    await until(() => inputs.length === 2);
    expect(seen).to.have.length(1);
    expect(seen[0]!.detail).to.deep.equal({
      surfaceId: 'schedule-maintenance-cell-3',
      name: 'schedule_maintenance',
      sourceComponentId: 'schedule',
      context: { cell: '3', technician: 'Jo Park', date: '2026-12-03', window: ['night'] },
    });
    const sent = inputs[1]!.forwardedProps as {
      a2uiAction: { userAction: Record<string, unknown> };
    };
    const { timestamp, ...rest } = sent.a2uiAction.userAction;
    expect(rest).to.deep.equal(seen[0]!.detail);
    expect(Number.isNaN(Date.parse(String(timestamp)))).to.equal(false);
    expect(inputs[1]!.messages.filter((message) => message.role === 'user')).to.have.length(users);
    expect(inputs[1]!.messages.some((message) => (message.role as string) === 'activity')).to.equal(
      false,
    );
    await waitForStatus(store, 'Completed');
    await settle(chat);
    expect(chat.shadowRoot!.textContent).to.contain('Jo Park will service cell 3 on 2026-12-03');
  });
});

describe('A2UI surfaces in <agent-artifacts>', function () {
  this.timeout(60_000);

  it('lists the surface with source a2ui as its title, and pressing it shows the turn in the chat', async () => {
    const { store, inputs } = recordingStore();
    const wrapper = await fixture<HTMLElement>(
      html`<div>
        <agent-chat .store=${store}></agent-chat><agent-artifacts .store=${store}></agent-artifacts>
      </div>`,
    );
    const chat = wrapper.querySelector('agent-chat') as AgentChat;
    const list = wrapper.querySelector('agent-artifacts') as HTMLElement;
    store.send('Schedule maintenance for cell 3');
    await waitForStatus(store, 'Completed');
    await until(() => list.shadowRoot?.querySelector('[data-source="a2ui"]') != null);
    expect(inputs).to.have.length(1);
    const items = [...list.shadowRoot!.querySelectorAll('li')];
    expect(items.map((item) => item.dataset.source ?? 'artifact')).to.deep.equal(['a2ui']);
    const link = items[0]!.querySelector('button')!;
    expect(link.textContent).to.contain('Schedule maintenance for cell 3');
    expect(
      list.shadowRoot!.querySelectorAll('a2ui-surface'),
      'never a second live copy',
    ).to.have.length(0);
    await until(() => chat.shadowRoot!.querySelector('.a2ui') != null);
    link.click();
    expect(chat.shadowRoot!.activeElement?.classList.contains('a2ui')).to.equal(true);
  });
});
