// Every component of the A2UI v0.9 basic catalog in one surface: reachable by keyboard, labelled (axe), in 390 px,
// and media held to the chat's URL rules (`allow-remote-images`).
import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, manualAgent, started } from './support/agents.js';
import { settle } from './support/chat.js';
import { until } from './support/elements.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';

/** The first surface loads the renderer part: hundreds of modules from the test server, slow on a busy machine. */
const FIRST_LOAD_MS = 45_000;
const BASIC = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const COMPONENTS = [
  { id: 'root', component: 'Column', children: ['title', 'row', 'list', 'card', 'tabs', 'modal'] },
  { id: 'title', component: 'Text', variant: 'h2', text: 'Every component' },
  {
    id: 'row',
    component: 'Row',
    children: ['icon', 'inline', 'divider', 'remote', 'video', 'audio'],
  },
  { id: 'icon', component: 'Icon', name: { svgPath: 'M12 2 2 22h20z' } },
  { id: 'inline', component: 'Image', url: PNG, description: 'A pixel', variant: 'icon' },
  { id: 'divider', component: 'Divider', axis: 'vertical' },
  {
    id: 'remote',
    component: 'Image',
    url: 'https://images.example/cell.png',
    description: 'Cell 3',
  },
  { id: 'video', component: 'Video', url: 'https://media.example/walkthrough.mp4' },
  {
    id: 'audio',
    component: 'AudioPlayer',
    url: 'https://media.example/note.mp3',
    description: 'Voice note',
  },
  { id: 'list', component: 'List', children: ['check', 'slider', 'field', 'date', 'choice'] },
  { id: 'check', component: 'CheckBox', label: 'Notify the team', value: { path: '/notify' } },
  {
    id: 'slider',
    component: 'Slider',
    label: 'Priority',
    min: 1,
    max: 5,
    value: { path: '/priority' },
  },
  {
    id: 'field',
    component: 'TextField',
    label: 'Notes',
    variant: 'longText',
    value: { path: '/notes' },
  },
  {
    id: 'date',
    component: 'DateTimeInput',
    label: 'When',
    enableDate: true,
    value: { path: '/when' },
  },
  {
    id: 'choice',
    component: 'ChoicePicker',
    label: 'Shift',
    options: [
      { label: 'Day', value: 'day' },
      { label: 'Night', value: 'night' },
    ],
    value: { path: '/shift' },
  },
  { id: 'card', component: 'Card', child: 'go' },
  {
    id: 'go',
    component: 'Button',
    variant: 'primary',
    child: 'go-label',
    action: { event: { name: 'go' } },
  },
  { id: 'go-label', component: 'Text', text: 'Go' },
  {
    id: 'tabs',
    component: 'Tabs',
    tabs: [
      { title: 'First', child: 'tab-1' },
      { title: 'Second', child: 'tab-2' },
    ],
  },
  { id: 'tab-1', component: 'Text', text: 'First tab' },
  { id: 'tab-2', component: 'Text', text: 'Second tab' },
  { id: 'modal', component: 'Modal', trigger: 'open', content: 'modal-text' },
  { id: 'open', component: 'Button', child: 'open-label', action: { event: { name: 'open' } } },
  { id: 'open-label', component: 'Text', text: 'Details' },
  { id: 'modal-text', component: 'Text', text: 'More about cell 3.' },
];

const DATA = { notify: true, priority: 3, notes: '', when: '', shift: ['day'] };

async function everything(remote: boolean, width = 900): Promise<AgentChat> {
  const agent = manualAgent();
  const store = new RunStore({ agent });
  const wrapper = await fixture<HTMLElement>(
    html`<div style="inline-size: ${width}px; block-size: 900px">
      <agent-chat .store=${store} ?allow-remote-images=${remote}></agent-chat>
    </div>`,
  );
  const chat = wrapper.querySelector('agent-chat') as AgentChat;
  store.send('Show everything');
  await until(() => agent.runs.length === 1, FIRST_LOAD_MS);
  const input = agent.inputs[0] as RunAgentInput;
  agent.emit(started(input));
  agent.emit({
    type: 'ACTIVITY_SNAPSHOT',
    messageId: 'a2ui-surface-all',
    activityType: 'a2ui-surface',
    replace: true,
    content: {
      a2ui_operations: [
        { version: 'v0.9', createSurface: { surfaceId: 'all', catalogId: BASIC } },
        { version: 'v0.9', updateComponents: { surfaceId: 'all', components: COMPONENTS } },
        { version: 'v0.9', updateDataModel: { surfaceId: 'all', path: '/', value: DATA } },
      ],
    },
  } as BaseEvent);
  agent.emit(finished(input));
  await until(() => surfaceRoot(chat)?.querySelector('agui-a2ui-tabs') != null, FIRST_LOAD_MS);
  await settle(chat);
  return chat;
}

const surfaceRoot = (chat: AgentChat) =>
  chat.shadowRoot?.querySelector('a2ui-surface')?.shadowRoot ?? null;

describe('the A2UI basic catalog', function () {
  this.timeout(90_000);

  it('renders every component, and passes axe', async () => {
    const chat = await everything(false);
    const root = surfaceRoot(chat)!;
    for (const name of [
      'text',
      'row',
      'column',
      'list',
      'card',
      'tabs',
      'modal',
      'icon',
      'image',
      'divider',
    ]) {
      expect(root.querySelector(`agui-a2ui-${name}`), name).to.not.equal(null);
    }
    expect(root.querySelector('input[type="checkbox"]')).to.not.equal(null);
    expect(root.querySelector('input[type="range"]')).to.not.equal(null);
    expect(root.querySelector('textarea')).to.not.equal(null);
    await expect(chat).to.be.accessible();
  });

  it('loads no remote media unless allowed: each is a link named by its description', async () => {
    const chat = await everything(false);
    const root = surfaceRoot(chat)!;
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).to.deep.equal([
      PNG,
    ]);
    expect(root.querySelector('video, audio')).to.equal(null);
    expect(
      [...root.querySelectorAll('a.a2ui-media-link')].map((link) => link.textContent?.trim()),
    ).to.deep.equal([
      'Image: Cell 3',
      'Video: https://media.example/walkthrough.mp4',
      'Audio: Voice note',
    ]);
    const allowed = await everything(true);
    const shown = surfaceRoot(allowed)!;
    expect(shown.querySelectorAll('img')).to.have.length(2);
    expect(shown.querySelector('video')?.getAttribute('src')).to.equal(
      'https://media.example/walkthrough.mp4',
    );
  });

  it('fits in 390 px, and every control is reached with Tab', async () => {
    const chat = await everything(false, 390);
    const surface = chat.shadowRoot!.querySelector('a2ui-surface') as HTMLElement;
    expect(surface.scrollWidth, 'no horizontal overflow').to.be.at.most(surface.clientWidth + 1);
    const root = surfaceRoot(chat)!;
    const controls = [...root.querySelectorAll<HTMLElement>('input, textarea, button, a[href]')];
    expect(controls.length).to.be.greaterThan(8);
    for (const control of controls)
      expect(control.tabIndex, control.outerHTML.slice(0, 80)).to.be.at.least(0);
  });
});
