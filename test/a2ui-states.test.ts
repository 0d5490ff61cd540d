// A2UI surfaces from hand-made activity snapshots of the shapes @ag-ui/a2ui-middleware sends: the states before a
// surface paints, updates from later messages, catalogs, bounds, refusals, saving and restoring.
import { expect } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import { RunStore } from '../src/store/run-store.js';
import { registerA2uiCatalog } from '../src/a2ui/catalogs.js';
import { finished, manualAgent, started, waitForStatus } from './support/agents.js';
import { chatFor, settle, textDelta, textEnd, textStart } from './support/chat.js';
import { until } from './support/elements.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';

const BASIC = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const LIT_BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** The first surface loads the renderer part: hundreds of modules from the test server, slow on a busy machine. */
const FIRST_LOAD_MS = 45_000;

const op = (body: Record<string, unknown>) => ({ version: 'v0.9', ...body });

function surfaceOps(surfaceId: string, catalogId = BASIC, extra: Record<string, unknown>[] = []) {
  return [
    op({ createSurface: { surfaceId, catalogId } }),
    op({
      updateComponents: {
        surfaceId,
        components: [
          { id: 'root', component: 'Column', children: ['name', 'secret', 'go'] },
          { id: 'name', component: 'TextField', label: 'Name', value: { path: '/form/name' } },
          {
            id: 'secret',
            component: 'TextField',
            label: 'Access code',
            variant: 'obscured',
            value: { path: '/form/code' },
          },
          {
            id: 'go',
            component: 'Button',
            child: 'go-label',
            action: { event: { name: 'go', context: { name: { path: '/form/name' } } } },
          },
          { id: 'go-label', component: 'Text', text: 'Go' },
        ],
      },
    }),
    op({ updateDataModel: { surfaceId, path: '/', value: { form: { name: 'Ana', code: '' } } } }),
    ...extra,
  ];
}

const activity = (messageId: string, content: unknown): BaseEvent =>
  ({
    type: 'ACTIVITY_SNAPSHOT',
    messageId,
    activityType: 'a2ui-surface',
    content,
    replace: true,
  }) as BaseEvent;

function inSurfaces<T extends Element = HTMLElement>(chat: AgentChat, selector: string): T[] {
  return [...(chat.shadowRoot?.querySelectorAll('a2ui-surface') ?? [])].flatMap((surface) => [
    ...(surface.shadowRoot?.querySelectorAll<T>(selector) ?? []),
  ]);
}

const notes = (chat: AgentChat) =>
  [...(chat.shadowRoot?.querySelectorAll('.a2ui-note, .a2ui-state') ?? [])].map((node) =>
    (node.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );

async function open(options: ConstructorParameters<typeof RunStore>[0] = {}) {
  const agent = manualAgent();
  const store = new RunStore({ agent, ...options });
  const chat = await chatFor(store);
  store.send('Show me a form');
  // The first run loads the event pipeline (many modules on the test server).
  await until(() => agent.runs.length === 1, FIRST_LOAD_MS);
  const input = agent.inputs[0]! as RunAgentInput;
  agent.emit(started(input));
  return { agent, store, chat, input };
}

function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('A2UI surface states and updates', function () {
  this.timeout(60_000);

  it('says in words that a surface is building, retrying or failed, before any renderer loads', async () => {
    const { agent, chat, input } = await open();
    agent.emit(activity('a2ui-surface-c1', { status: 'building', progressTokens: 48 }));
    await settle(chat);
    expect(notes(chat)).to.deep.equal([
      'The agent is building an interface… (about 48 tokens so far)',
    ]);
    agent.emit(
      activity('a2ui-surface-c1', {
        status: 'retrying',
        attempt: 2,
        maxAttempts: 3,
        errors: [{ path: 'root', message: 'Unknown component Metric' }],
        debugExposure: 'verbose',
      }),
    );
    await settle(chat);
    expect(notes(chat)[0]).to.equal(
      'The interface the agent built had errors; it is trying again (attempt 2 of 3).',
    );
    const details = chat.shadowRoot!.querySelector('details.a2ui-errors') as HTMLDetailsElement;
    expect(details.open).to.equal(true);
    expect(details.textContent).to.contain('root: Unknown component Metric');
    agent.emit(
      activity('a2ui-surface-c1', {
        status: 'failed',
        error: 'Out of attempts',
        attempts: [{}, {}, {}],
      }),
    );
    await settle(chat);
    await settle(chat);
    expect(notes(chat)).to.deep.equal([
      'The agent could not build this interface: Out of attempts',
    ]);
    expect(
      chat.shadowRoot!.querySelector('[role="status"][aria-live="polite"]')?.textContent,
    ).to.contain('could not build this interface');
    agent.emit(finished(input));
    expect(chat.shadowRoot!.querySelector('a2ui-surface')).to.equal(null);
  });

  it('keeps typed values through a new snapshot, takes later updates, and a repeated createSurface', async () => {
    const { agent, chat, input } = await open();
    agent.emit(activity('a2ui-surface-c1', { a2ui_operations: surfaceOps('s1') }));
    await until(() => inSurfaces(chat, 'button').length === 1, FIRST_LOAD_MS);
    const name = inSurfaces<HTMLInputElement>(chat, 'input[type="text"]')[0]!;
    name.focus();
    type(name, 'Bea');
    // The middleware's next snapshot repeats createSurface and the agent's data.
    agent.emit(activity('a2ui-surface-c1', { a2ui_operations: surfaceOps('s1') }));
    await settle(chat);
    const after = inSurfaces<HTMLInputElement>(chat, 'input[type="text"]')[0]!;
    expect(after).to.equal(name);
    expect(after.value).to.equal('Bea');
    expect((after.getRootNode() as ShadowRoot).activeElement, 'focus stays in the field').to.equal(
      name,
    );
    // A later message updates the existing surface in its own turn.
    agent.emit(
      activity('a2ui-surface-c2', {
        a2ui_operations: [
          op({
            updateComponents: {
              surfaceId: 's1',
              components: [{ id: 'go-label', component: 'Text', text: 'Send now' }],
            },
          }),
        ],
      }),
    );
    agent.emit(finished(input));
    await settle(chat);
    expect(chat.shadowRoot!.querySelectorAll('a2ui-surface')).to.have.length(1);
    expect(inSurfaces(chat, 'button')[0]!.textContent).to.contain('Send now');
    expect(notes(chat)).to.include('The agent updated the interface s1 above.');
  });

  it('renders the @a2ui/lit catalog id, names an unknown catalog, and renders it once registered', async () => {
    const { agent, chat, input } = await open();
    agent.emit(activity('a2ui-surface-c1', { a2ui_operations: surfaceOps('lit', LIT_BASIC) }));
    agent.emit(
      activity('a2ui-surface-c2', {
        a2ui_operations: surfaceOps('own', 'https://example.com/own.json'),
      }),
    );
    agent.emit(finished(input));
    await until(() => inSurfaces(chat, 'button').length === 1, FIRST_LOAD_MS);
    expect(notes(chat)).to.include(
      'This interface needs the component catalog https://example.com/own.json, which this page has not registered.',
    );
    const { basicCatalog } = await import('@a2ui/lit/v0_9');
    const { Catalog } = await import('@a2ui/web_core/v0_9');
    const components = [...basicCatalog.components.values()].map((api) => {
      const tag = (api as { tagName?: string }).tagName;
      return tag ? { ...api, tagName: `agui-a2ui-${tag.replace(/^a2ui-(?:basic-)?/, '')}` } : api;
    });
    registerA2uiCatalog(
      new Catalog('https://example.com/own.json', components, [...basicCatalog.functions.values()]),
    );
    await until(() => inSurfaces(chat, 'button').length === 2);
  });

  it('shows v0.8 and oversized surfaces as notes, and keeps the last valid one', async () => {
    const { agent, chat, store, input } = await open();
    agent.emit(
      activity('a2ui-surface-old', {
        a2ui_operations: [{ beginRendering: { surfaceId: 'x', root: 'r' } }],
      }),
    );
    agent.emit(activity('a2ui-surface-c1', { a2ui_operations: surfaceOps('s1') }));
    const many = Array.from({ length: 1001 }, (_, index) => ({
      id: `t${index}`,
      component: 'Text',
      text: 'x',
    }));
    agent.emit(
      activity('a2ui-surface-c1', {
        a2ui_operations: [op({ updateComponents: { surfaceId: 's1', components: many } })],
      }),
    );
    agent.emit(finished(input));
    await until(() => inSurfaces(chat, 'button').length === 1, FIRST_LOAD_MS);
    expect(notes(chat)).to.include(
      'This interface uses A2UI v0.8, which this chat does not show (it shows A2UI v0.9).',
    );
    expect(notes(chat)).to.include(
      'An update to this interface was refused: The surface has 1001 components; at most 1000 are shown.',
    );
    const kept = store.getState().messages.find((message) => message.id === 'a2ui-surface-c1');
    expect(JSON.stringify(kept?.activityContent)).to.contain('createSurface');
  });

  it('refuses an action while a reply streams, and a prevented action starts no run', async () => {
    const { agent, chat, store, input } = await open();
    agent.emit(activity('a2ui-surface-c1', { a2ui_operations: surfaceOps('s1') }));
    await until(() => inSurfaces(chat, 'button').length === 1, FIRST_LOAD_MS);
    inSurfaces<HTMLButtonElement>(chat, 'button')[0]!.click();
    await settle(chat);
    expect(agent.runs).to.have.length(1);
    expect(notes(chat)).to.include('Wait for the current reply to finish.');
    agent.emit(finished(input));
    await waitForStatus(store, 'Completed');
    chat.addEventListener('a2ui-action', (event) => event.preventDefault(), { once: true });
    inSurfaces<HTMLButtonElement>(chat, 'button')[0]!.click();
    await settle(chat);
    expect(agent.runs).to.have.length(1);
    inSurfaces<HTMLButtonElement>(chat, 'button')[0]!.click();
    await until(() => agent.runs.length === 2);
    await settle(chat);
    expect(chat.shadowRoot!.querySelector('.a2ui-surfaces')!.hasAttribute('inert')).to.equal(true);
    expect(notes(chat)).to.include(
      'Sending your answer… this interface is read-only until the reply finishes.',
    );
    const second = agent.inputs[1]! as RunAgentInput;
    expect(
      (second.forwardedProps as { a2uiAction: { userAction: { context: unknown } } }).a2uiAction
        .userAction.context,
    ).to.deep.equal({ name: 'Ana' });
    agent.emit(started(second));
    agent.emit(textStart('a2'));
    agent.emit(textDelta('a2', 'Done.'));
    agent.emit(textEnd('a2'));
    agent.emit(finished(second));
    await waitForStatus(store, 'Completed');
    await settle(chat);
    expect(chat.shadowRoot!.querySelector('.a2ui-surfaces')!.hasAttribute('inert')).to.equal(false);
  });

  it('keeps the surface through a MESSAGES_SNAPSHOT and restores it with the edits, never the obscured value', async () => {
    const key = `a2ui-${Math.random()}`;
    const { agent, chat, store, input } = await open({ persist: { mode: 'session', key } });
    agent.emit(activity('a2ui-surface-c1', { a2ui_operations: surfaceOps('s1') }));
    await until(() => inSurfaces(chat, 'button').length === 1, FIRST_LOAD_MS);
    type(inSurfaces<HTMLInputElement>(chat, 'input[type="text"]')[0]!, 'Cleo');
    type(inSurfaces<HTMLInputElement>(chat, 'input[type="password"]')[0]!, 'hunter2');
    agent.emit({
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        { id: store.getState().messages[0]!.id, role: 'user', content: 'Show me a form' },
        { id: 'a1', role: 'assistant', content: 'Here it is.' },
      ],
    } as BaseEvent);
    agent.emit(finished(input));
    await waitForStatus(store, 'Completed');
    await until(() =>
      Boolean(store.getState().messages.find((m) => m.id === 'a2ui-surface-c1')?.a2uiEdits),
    );
    expect(store.getState().messages.map((message) => message.role)).to.deep.equal([
      'user',
      'activity',
      'assistant',
    ]);
    const edits = store.getState().messages[1]!.a2uiEdits;
    expect(edits).to.deep.equal({ s1: { '/form/name': 'Cleo' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    chat.remove();
    store.dispose();
    const restored = new RunStore({ agent: manualAgent(), persist: { mode: 'session', key } });
    await restored.restored;
    const again = await chatFor(restored);
    await until(() => inSurfaces(again, 'button').length === 1, FIRST_LOAD_MS);
    expect(inSurfaces<HTMLInputElement>(again, 'input[type="text"]')[0]!.value).to.equal('Cleo');
    expect(inSurfaces<HTMLInputElement>(again, 'input[type="password"]')[0]!.value).to.equal('');
    expect(JSON.stringify(sessionStorage)).not.to.contain('hunter2');
  });

  it('passes axe with a painted surface', async () => {
    const { agent, chat, input } = await open();
    agent.emit(activity('a2ui-surface-c1', { a2ui_operations: surfaceOps('s1') }));
    agent.emit(finished(input));
    await until(() => inSurfaces(chat, 'button').length === 1, FIRST_LOAD_MS);
    await expect(chat).to.be.accessible();
  });
});
