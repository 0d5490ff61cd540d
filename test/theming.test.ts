import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { DARK_TOKENS, LIGHT_TOKENS, THEME_TOKEN_NAMES } from '../components/shared/theme-tokens.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, scriptedAgent, started, waitForStatus } from './support/agents.js';
import {
  renderedUntil,
  settle,
  textDelta,
  textEnd,
  textStart,
  toolArgs,
  toolEnd,
  toolResult,
  toolStart,
} from './support/chat.js';
import { allInShadow, buttonNamed, inShadow, nextFrame, until } from './support/elements.js';

/** Every tag that takes the shared host style. */
const THEMED_TAGS = [
  'run-controls',
  'service-chart',
  'diagnostic-card',
  'agent-chat',
  'agent-artifacts',
  'agent-artifact',
  'alert-banner',
  'bar-chart',
  'correlation-matrix',
  'equipment-kb-card',
  'kb-progress',
  'pattern-match',
  'signal-chart',
  'work-order-card',
];

const root = document.documentElement;

/** A colour as the browser computes it (`rgb(…)`), to compare with computed styles. */
function computedColor(value: string): string {
  const probe = document.createElement('span');
  probe.style.color = value;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

function background(element: Element): string {
  return getComputedStyle(element).backgroundColor;
}

/** The Run button of a <run-controls> (class `primary`: its background is the accent). */
function runButton(controls: Element): HTMLButtonElement {
  return buttonNamed(controls, 'Run');
}

async function controlsIn(template: ReturnType<typeof html>, selector = 'run-controls') {
  const wrapper = await fixture<HTMLElement>(template);
  const controls = wrapper.matches(selector) ? wrapper : wrapper.querySelector(selector);
  if (!(controls instanceof HTMLElement)) throw new Error(`No ${selector}`);
  await (controls as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  return controls;
}

/** A chat whose answer carries a diagnostic card rendered through the artifact registry. */
async function chatWithCard(template: (store: RunStore) => ReturnType<typeof html>) {
  const agent = scriptedAgent((input) => [
    started(input),
    textStart('a1'),
    textDelta('a1', 'Here is the diagnosis.'),
    textEnd('a1'),
    toolStart('c1', 'render_diagnostic_card', 'a1'),
    toolArgs(
      'c1',
      '{"title":"API latency up","confidence":0.6,"root_cause":"Load","contributing_factors":["x"],"cell_id":1}',
    ),
    toolEnd('c1'),
    toolResult('c1', 'rendered'),
    finished(input),
  ]);
  const store = new RunStore({ agent, threadId: 'theming' }).use(createAnalysisPlugin());
  const wrapper = await fixture<HTMLElement>(template(store));
  const chat = (
    wrapper.localName === 'agent-chat' ? wrapper : wrapper.querySelector('agent-chat')
  ) as AgentChat;
  store.send('diagnose');
  await waitForStatus(store, 'Completed');
  await renderedUntil(chat, () => allInShadow(chat, 'agent-artifact').length === 1);
  const artifact = allInShadow(chat, 'agent-artifact')[0] as HTMLElement;
  // Generous caps: the artifact elements load on first use, slowly on a loaded machine.
  await until(
    () => Boolean(artifact.shadowRoot?.querySelector('diagnostic-card')?.shadowRoot),
    15_000,
  );
  const card = artifact.shadowRoot?.querySelector('diagnostic-card') as HTMLElement;
  await until(() => Boolean(card.shadowRoot?.querySelector('[part="base"]')), 15_000);
  await settle(chat);
  return { chat, card, base: inShadow(card, '[part="base"]') };
}

describe('theming', () => {
  let rootStyle: string | null;

  beforeEach(() => {
    rootStyle = root.getAttribute('style');
  });

  afterEach(async () => {
    if (rootStyle === null) root.removeAttribute('style');
    else root.setAttribute('style', rootStyle);
    await emulateMedia({ colorScheme: 'light' });
  });

  it('uses the built-in light defaults where nobody set a token', async () => {
    const controls = await controlsIn(html`<run-controls></run-controls>`);
    expect(background(runButton(controls))).to.equal(computedColor(LIGHT_TOKENS['color-accent']));
    expect(getComputedStyle(controls).color).to.equal(computedColor(LIGHT_TOKENS['color-text']));
    expect(getComputedStyle(controls).colorScheme).to.equal('light');
  });

  it('takes a token set once on :root in every element', async () => {
    root.style.setProperty('--agui-color-accent', 'rgb(10, 120, 60)');
    const controls = await controlsIn(html`<run-controls></run-controls>`);
    expect(background(runButton(controls))).to.equal('rgb(10, 120, 60)');
  });

  it('resolves every token set on :root in every element (none is re-declared on :host)', async () => {
    const values = new Map(
      THEME_TOKEN_NAMES.map((name, index) => {
        if (name === 'color-scheme') return [name, 'dark'];
        if (name === 'font-family') return [name, 'serif'];
        if (name === 'focus-ring') return [name, '3px dotted rgb(1, 2, 3)'];
        if (name.startsWith('color-')) return [name, `rgb(${index}, 1, 2)`];
        return [name, `${index + 1}px`];
      }),
    );
    for (const [name, value] of values) root.style.setProperty(`--agui-${name}`, value);
    const wrapper = await fixture<HTMLElement>(
      html`<div>
        ${THEMED_TAGS.map((tag) => {
          const element = document.createElement(tag);
          element.setAttribute('theme', 'dark');
          return element;
        })}
      </div>`,
    );
    await nextFrame();
    const misses: string[] = [];
    for (const element of wrapper.children) {
      const style = getComputedStyle(element);
      for (const [name, value] of values) {
        const resolved = style.getPropertyValue(`--_agui-${name}`).trim();
        if (resolved !== value) misses.push(`<${element.localName}> --agui-${name}: ${resolved}`);
      }
    }
    expect(misses).to.deep.equal([]);
    expect(wrapper.children.length).to.equal(THEMED_TAGS.length);
  });

  it('takes a token set on <agent-run> in the elements inside it', async () => {
    const controls = await controlsIn(
      html`<agent-run style="--agui-color-accent: rgb(120, 20, 140)">
        <run-controls></run-controls>
      </agent-run>`,
    );
    expect(background(runButton(controls))).to.equal('rgb(120, 20, 140)');
  });

  it('takes a token set on any ancestor', async () => {
    const card = await controlsIn(
      html`<section style="--agui-color-surface: rgb(250, 240, 200)">
        <div><diagnostic-card></diagnostic-card></div>
      </section>`,
      'diagnostic-card',
    );
    expect(background(inShadow(card, '[part="base"]'))).to.equal('rgb(250, 240, 200)');
  });

  it('lets a setting on the element itself win over :root and ancestors', async () => {
    root.style.setProperty('--agui-color-accent', 'rgb(200, 0, 0)');
    const controls = await controlsIn(
      html`<agent-run style="--agui-color-accent: rgb(0, 0, 200)">
        <run-controls style="--agui-color-accent: rgb(0, 140, 0)"></run-controls>
      </agent-run>`,
    );
    expect(background(runButton(controls))).to.equal('rgb(0, 140, 0)');
    controls.style.removeProperty('--agui-color-accent');
    expect(background(runButton(controls)), 'then the nearest ancestor').to.equal('rgb(0, 0, 200)');
  });

  it('lets an element property (--agui-controls-background) win over the token it falls back to', async () => {
    root.style.setProperty('--agui-color-surface', 'rgb(1, 1, 1)');
    root.style.setProperty('--agui-controls-background', 'rgb(9, 9, 9)');
    const controls = await controlsIn(html`<run-controls></run-controls>`);
    expect(background(inShadow(controls, '[part~="base"]'))).to.equal('rgb(9, 9, 9)');
  });

  it('uses the dark defaults with theme="dark", and a page token still wins over them', async () => {
    const controls = await controlsIn(html`<run-controls theme="dark"></run-controls>`);
    expect(background(runButton(controls))).to.equal(computedColor(DARK_TOKENS['color-accent']));
    expect(getComputedStyle(controls).colorScheme).to.equal('dark');
    root.style.setProperty('--agui-color-accent', 'rgb(255, 200, 0)');
    expect(background(runButton(controls))).to.equal('rgb(255, 200, 0)');
  });

  it('follows prefers-color-scheme: dark unless theme="light"', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const wrapper = await fixture<HTMLElement>(
      html`<div>
        <run-controls></run-controls>
        <run-controls theme="light"></run-controls>
      </div>`,
    );
    const [follows, light] = [...wrapper.querySelectorAll('run-controls')] as HTMLElement[];
    await (follows as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    await (light as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(background(runButton(follows!))).to.equal(computedColor(DARK_TOKENS['color-accent']));
    expect(background(runButton(light!))).to.equal(computedColor(LIGHT_TOKENS['color-accent']));
    await emulateMedia({ colorScheme: 'light' });
    expect(background(runButton(follows!))).to.equal(computedColor(LIGHT_TOKENS['color-accent']));
  });

  it('lets a dark page theme every element once from :root, native controls included', async () => {
    root.style.setProperty('--agui-color-scheme', 'dark');
    root.style.setProperty('--agui-color-surface', 'rgb(20, 20, 30)');
    root.style.setProperty('--agui-color-text', 'rgb(230, 230, 240)');
    root.style.setProperty('--agui-color-accent', 'rgb(255, 140, 60)');
    const wrapper = await fixture<HTMLElement>(
      html`<div>
        <run-controls></run-controls>
        <agent-chat .store=${new RunStore()}></agent-chat>
      </div>`,
    );
    const controls = wrapper.querySelector('run-controls') as HTMLElement;
    const chat = wrapper.querySelector('agent-chat') as AgentChat;
    await settle(chat);
    expect(background(runButton(controls))).to.equal('rgb(255, 140, 60)');
    expect(background(inShadow(chat, '[part~="base"]'))).to.equal('rgb(20, 20, 30)');
    expect(getComputedStyle(chat).color).to.equal('rgb(230, 230, 240)');
    expect(getComputedStyle(inShadow(chat, 'textarea')).colorScheme).to.equal('dark');
  });

  it('themes artifacts inside the chat from :root, and from the chat itself', async () => {
    root.style.setProperty('--agui-color-surface', 'rgb(240, 250, 255)');
    const { chat, base } = await chatWithCard(
      (store) => html`<agent-chat .store=${store}></agent-chat>`,
    );
    expect(background(base)).to.equal('rgb(240, 250, 255)');
    chat.style.setProperty('--agui-color-surface', 'rgb(255, 245, 230)');
    expect(background(base), "the chat's own setting reaches its artifacts").to.equal(
      'rgb(255, 245, 230)',
    );
  });

  it('takes a token set on <agent-run> in artifacts inside the chat', async () => {
    const { base } = await chatWithCard(
      (store) =>
        html`<agent-run style="--agui-color-surface: rgb(230, 255, 230)">
          <agent-chat .store=${store}></agent-chat>
        </agent-run>`,
    );
    expect(background(base)).to.equal('rgb(230, 255, 230)');
  });

  it('gives artifacts inside a theme="dark" chat the dark defaults', async () => {
    const { card, base } = await chatWithCard(
      (store) => html`<agent-chat theme="dark" .store=${store}></agent-chat>`,
    );
    expect(card.getAttribute('theme')).to.equal('dark');
    expect(background(base)).to.equal(computedColor(DARK_TOKENS['color-surface']));
  });

  it('lets a page --agui-alert-color win over the severity colour', async () => {
    const props = {
      severity: 'critical',
      cell_id: 1,
      anomaly_id: 'a-1',
      message: 'Reading out of range.',
    };
    const banner = await controlsIn(
      html`<alert-banner .props=${props}></alert-banner>`,
      'alert-banner',
    );
    const severity = inShadow(banner, '[part="severity"]');
    expect(getComputedStyle(severity).color).to.equal(computedColor(LIGHT_TOKENS['color-danger']));
    root.style.setProperty('--agui-alert-color', 'rgb(0, 90, 90)');
    expect(getComputedStyle(severity).color).to.equal('rgb(0, 90, 90)');
  });
});
