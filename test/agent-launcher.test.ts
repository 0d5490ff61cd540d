import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import type { AgentLauncher } from '../components/agent-launcher/agent-launcher.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import {
  finished,
  manualAgent,
  scriptedAgent,
  started,
  text,
  waitForStatus,
} from './support/agents.js';
import { accessibleName, button as chatButton, messageBox, renderedUntil } from './support/chat.js';
import { RunStore } from '../src/store/run-store.js';
import {
  allInShadow,
  countSubscriptions,
  inShadow,
  nextFrame,
  recordEvents,
  until,
} from './support/elements.js';

const WIDE = { width: 1365, height: 900 };
const PHONE = { width: 390, height: 844 };
const FIXTURE_ENDPOINT = '/__test/fixture/end-0/api/agent-analysis';

const reply = (input: RunAgentInput, id: string, words: string): BaseEvent[] => [
  started(input),
  ...text(id, words),
  finished(input),
];

const interrupt = (input: RunAgentInput): BaseEvent[] => [
  started(input),
  ...text('ask', 'May I open a work order?'),
  finished(input, {
    type: 'interrupt',
    interrupts: [{ id: 'int-1', reason: 'approval', message: 'Open a work order for API?' }],
  }),
];

/** The launcher's own control with this accessible name (its text, or its aria-label). */
function control(launcher: AgentLauncher, name: string): HTMLButtonElement {
  const found = allInShadow<HTMLButtonElement>(launcher, 'button').filter(
    (candidate) => accessibleName(candidate) === name,
  );
  if (found.length !== 1)
    throw new Error(`Expected one "${name}" in the launcher, found ${found.length}`);
  return found[0]!;
}

/** Close chat in the full-screen panel's header. */
const closeButton = (launcher: AgentLauncher) =>
  inShadow<HTMLButtonElement>(launcher, '[part~="close-button"]');
const panelOf = (launcher: AgentLauncher) => inShadow(launcher, '[part~="panel"]');
const isShown = (launcher: AgentLauncher) =>
  panelOf(launcher).matches(':popover-open, :modal, [open]');
const badge = (launcher: AgentLauncher) =>
  launcher.shadowRoot?.querySelector<HTMLElement>('[part~="badge"]') ?? null;
const statusText = (launcher: AgentLauncher) =>
  inShadow(launcher, '[role="status"]').textContent?.trim() ?? '';

/** The element that has focus, through open shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Fails unless focus is on `element` (compared, never diffed: a DOM element's diff takes forever). */
function expectFocus(element: Element): void {
  const active = deepActive();
  expect(active === element, `focus is on ${active?.outerHTML.slice(0, 80) ?? 'nothing'}`).to.equal(
    true,
  );
}

/** Waits until the panel's open or close transition has ended. */
async function transitioned(launcher: AgentLauncher): Promise<void> {
  await nextFrame();
  await Promise.all(
    panelOf(launcher)
      .getAnimations()
      .map((animation) => animation.finished.catch(() => undefined)),
  );
}

/** Axe on the launcher once its panel has finished moving (a half-faded panel has no contrast to speak of). */
async function accessible(launcher: AgentLauncher): Promise<void> {
  await transitioned(launcher);
  await expect(launcher).to.be.accessible();
}

async function settled(launcher: AgentLauncher): Promise<void> {
  await launcher.updateComplete;
  await nextFrame();
  await launcher.updateComplete;
  await transitioned(launcher);
}

async function wrapped(
  agent = scriptedAgent((input, index) => reply(input, `a${index}`, 'Fine.')),
) {
  const launcher = await fixture<AgentLauncher>(html`
    <agent-launcher>
      <agent-run .agent=${agent}><agent-chat></agent-chat></agent-run>
    </agent-launcher>
  `);
  await settled(launcher);
  return { launcher, agent, store: (launcher.provider as AgentRun).store };
}

describe('agent-launcher', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    await setViewport(WIDE);
  });

  afterEach(async () => {
    fixtureCleanup();
    await emulateMedia({
      reducedMotion: 'no-preference',
      colorScheme: 'light',
      forcedColors: 'none',
    });
  });

  describe('defaults', () => {
    it('is a closed Open chat button; the panel is a dialog named by the chat title, out of the top layer', async () => {
      const { launcher } = await wrapped();
      expect(launcher.open).to.equal(false);
      expect(launcher.hasAttribute('open')).to.equal(false);
      const open = control(launcher, 'Open chat');
      expect(open.getAttribute('aria-haspopup')).to.equal('dialog');
      expect(panelOf(launcher).getAttribute('aria-label')).to.equal('Conversation');
      expect(panelOf(launcher).getAttribute('popover')).to.equal('manual');
      expect(isShown(launcher)).to.equal(false);
      expect(badge(launcher)).to.equal(null);
      expect(launcher.chat?.localName).to.equal('agent-chat');
      expect(launcher.provider?.localName).to.equal('agent-run');
      await accessible(launcher);
    });

    it('names the dialog from heading, else from the chat strings title', async () => {
      const { launcher } = await wrapped();
      launcher.chat!.strings = { title: 'Support' };
      launcher.requestUpdate();
      await settled(launcher);
      expect(panelOf(launcher).getAttribute('aria-label')).to.equal('Support');
      launcher.setAttribute('heading', 'Ask the docs');
      await settled(launcher);
      expect(panelOf(launcher).getAttribute('aria-label')).to.equal('Ask the docs');
    });

    it('reflects open, and open, show(), hide() and toggle() fire no event', async () => {
      const { launcher } = await wrapped();
      const seen = recordEvents(document, ['launcher-open', 'launcher-close']);
      launcher.open = true;
      await settled(launcher);
      expect(launcher.hasAttribute('open')).to.equal(true);
      expect(isShown(launcher)).to.equal(true);
      launcher.hide();
      await settled(launcher);
      expect(isShown(launcher)).to.equal(false);
      launcher.toggle();
      await settled(launcher);
      expect(launcher.open).to.equal(true);
      launcher.toggle();
      launcher.show();
      launcher.hide();
      await settled(launcher);
      expect(launcher.hasAttribute('open')).to.equal(false);
      expect(seen.map((event) => event.type)).to.deep.equal([]);
    });

    it("fires cancelable launcher-open and launcher-close for a person's clicks", async () => {
      const { launcher } = await wrapped();
      const seen = recordEvents(launcher, ['launcher-open', 'launcher-close']);
      const veto = (event: Event) => event.preventDefault();
      launcher.addEventListener('launcher-open', veto, { once: true });
      control(launcher, 'Open chat').click();
      await settled(launcher);
      expect(launcher.open, 'a vetoed open stays closed').to.equal(false);
      control(launcher, 'Open chat').click();
      await settled(launcher);
      expect(launcher.open).to.equal(true);
      launcher.addEventListener('launcher-close', veto, { once: true });
      control(launcher, 'Close chat').click();
      await settled(launcher);
      expect(launcher.open, 'a vetoed close stays open').to.equal(true);
      control(launcher, 'Close chat').click();
      await settled(launcher);
      expect(launcher.open).to.equal(false);
      expect(seen.map((event) => event.type)).to.deep.equal([
        'launcher-open',
        'launcher-open',
        'launcher-close',
        'launcher-close',
      ]);
      expect(seen.every((event) => event.bubbles && event.composed && event.cancelable)).to.equal(
        true,
      );
      expect(seen[0]!.detail).to.deep.equal({ modal: false });
    });
  });

  describe('keyboard only', () => {
    it('wrapping a provider and chat: Tab, Enter opens at the composer, Escape closes back to the button', async () => {
      const agent = scriptedAgent((input, index) => reply(input, `a${index}`, 'Latency is fine.'));
      const page = await fixture<HTMLElement>(html`
        <div>
          <button id="before">Before</button>
          <agent-launcher>
            <agent-run .agent=${agent}><agent-chat></agent-chat></agent-run>
          </agent-launcher>
        </div>
      `);
      const launcher = page.querySelector('agent-launcher')!;
      await settled(launcher);
      page.querySelector<HTMLButtonElement>('#before')!.focus();
      await sendKeys({ press: 'Tab' });
      expectFocus(control(launcher, 'Open chat'));
      await sendKeys({ press: 'Enter' });
      const chat = launcher.chat!;
      await until(() => deepActive() === messageBox(chat));
      expect(launcher.open).to.equal(true);
      expect(isShown(launcher)).to.equal(true);
      expect(panelOf(launcher).matches(':modal'), 'wide: not modal').to.equal(false);
      await accessible(launcher);
      await sendKeys({ type: 'Is latency up?' });
      await sendKeys({ press: 'Enter' });
      const store = (launcher.provider as AgentRun).store;
      await waitForStatus(store, 'Completed');
      await renderedUntil(chat, () => chat.shadowRoot!.textContent!.includes('Latency is fine.'));
      await accessible(launcher);
      // The chat's own Escape (Cancel editing) is the chat's: the panel stays open.
      chatButton(chat, 'Edit').click();
      await renderedUntil(chat, () => !!chat.shadowRoot!.querySelector('[part~="edit-input"]'));
      chat.shadowRoot!.querySelector<HTMLElement>('[part~="edit-input"]')!.focus();
      await sendKeys({ press: 'Escape' });
      await settled(launcher);
      expect(chat.shadowRoot!.querySelector('[part~="edit-input"]'), 'editing cancelled').to.equal(
        null,
      );
      expect(launcher.open, "the chat's Escape leaves the panel open").to.equal(true);
      messageBox(chat).focus();
      await sendKeys({ press: 'Escape' });
      await settled(launcher);
      expect(launcher.open).to.equal(false);
      expect(isShown(launcher)).to.equal(false);
      expectFocus(control(launcher, 'Open chat'));
    });

    it('with no children builds its own provider and chat from its attributes, and keyboard use works the same', async () => {
      const launcher = await fixture<AgentLauncher>(html`
        <agent-launcher
          endpoint=${FIXTURE_ENDPOINT}
          disclosure="Synthetic data from a prepared demo recipe."
        ></agent-launcher>
      `);
      await settled(launcher);
      const provider = launcher.provider!;
      const chat = launcher.chat!;
      expect(provider.localName).to.equal('agent-run');
      expect(provider.parentElement).to.equal(launcher);
      expect(provider.getAttribute('endpoint')).to.equal(FIXTURE_ENDPOINT);
      expect(provider.getAttribute('disclosure')).to.equal(
        'Synthetic data from a prepared demo recipe.',
      );
      expect(chat.localName).to.equal('agent-chat');
      expect(chat.isConnected, 'no chat on the page until the panel first opens').to.equal(false);
      // The read-only chat takes the host's properties before it is drawn.
      chat.prompts = ['Why is API latency up?'];
      control(launcher, 'Open chat').focus();
      await sendKeys({ press: 'Enter' });
      await until(() => chat.isConnected && deepActive() === messageBox(chat));
      await renderedUntil(chat, () =>
        chat.shadowRoot!.textContent!.includes('Why is API latency up?'),
      );
      await sendKeys({ type: 'Hello' });
      await sendKeys({ press: 'Enter' });
      await waitForStatus(provider.store, 'Completed');
      expect(
        provider.store.getState().messages.some((message) => message.role === 'assistant'),
      ).to.equal(true);
      await sendKeys({ press: 'Escape' });
      await settled(launcher);
      expect(launcher.open).to.equal(false);
      expectFocus(control(launcher, 'Open chat'));
      expect(launcher.children.length, 'nothing built twice').to.equal(1);
      await accessible(launcher);
    });
  });

  describe('the modal mode at 390 × 844', () => {
    it('is full-screen with Close chat in its header, traps focus, locks the page scroll and restores it', async () => {
      await setViewport(PHONE);
      const page = await fixture<HTMLElement>(html`
        <div>
          <button id="page-button">A control of the page</button>
          <div style="height: 3000px">Tall page</div>
          <a href="#end">Another</a>
          <agent-launcher>
            <agent-run .agent=${scriptedAgent((input) => reply(input, 'a', 'Hi.'))}
              ><agent-chat></agent-chat
            ></agent-run>
          </agent-launcher>
        </div>
      `);
      const launcher = page.querySelector('agent-launcher')!;
      await settled(launcher);
      window.scrollTo(0, 600);
      await nextFrame();
      expect(window.scrollY).to.equal(600);
      control(launcher, 'Open chat').focus();
      await sendKeys({ press: 'Enter' });
      const chat = launcher.chat!;
      await until(() => deepActive() === messageBox(chat));
      const panel = panelOf(launcher);
      expect(panel.matches(':modal')).to.equal(true);
      await transitioned(launcher);
      expect(panel.hasAttribute('popover')).to.equal(false);
      const box = panel.getBoundingClientRect();
      expect([box.left, box.top, box.width, box.height]).to.deep.equal([0, 0, 390, 844]);
      expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
      expect(inShadow(launcher, '[part~="header"]').contains(closeButton(launcher))).to.equal(true);
      await accessible(launcher);
      // Tab and Shift+Tab never reach the page (inert behind the dialog); past the dialog's last control only the
      // browser's own UI (the document itself, here) comes before the dialog's first control again.
      const visited = new Set<Element | null>();
      for (const press of [
        ...Array<string>(14).fill('Tab'),
        ...Array<string>(14).fill('Shift+Tab'),
      ]) {
        await sendKeys({ press });
        const active = deepActive();
        visited.add(active);
        expect(
          active === closeButton(launcher) ||
            chat.shadowRoot!.contains(active) ||
            active === document.body,
          `focus reached the page: ${active?.outerHTML.slice(0, 60)}`,
        ).to.equal(true);
      }
      expect(visited.has(closeButton(launcher)), 'Tab comes round to Close chat').to.equal(true);
      closeButton(launcher).focus();
      await sendKeys({ press: 'Enter' });
      await settled(launcher);
      expect(launcher.open).to.equal(false);
      expect(panelOf(launcher).matches(':modal, :popover-open')).to.equal(false);
      expect(document.documentElement.style.overflow).to.equal('');
      expect(getComputedStyle(document.documentElement).overflow).to.equal('visible');
      expect(window.scrollY).to.equal(600);
      expectFocus(control(launcher, 'Open chat'));
      window.scrollTo(0, 0);
    });

    it('restores a scroll style the page set itself', async () => {
      await setViewport(PHONE);
      document.documentElement.style.overflow = 'auto';
      try {
        const { launcher } = await wrapped();
        launcher.show();
        await settled(launcher);
        expect(document.documentElement.style.overflow).to.equal('hidden');
        await sendKeys({ press: 'Escape' });
        await settled(launcher);
        expect(launcher.open).to.equal(false);
        expect(document.documentElement.style.overflow).to.equal('auto');
      } finally {
        document.documentElement.style.overflow = '';
      }
    });

    it('moves between the modes when the viewport crosses 480 px while open', async () => {
      const { launcher } = await wrapped();
      launcher.show();
      await settled(launcher);
      expect(panelOf(launcher).matches(':popover-open')).to.equal(true);
      await setViewport(PHONE);
      await until(() => panelOf(launcher).matches(':modal'));
      expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
      await setViewport(WIDE);
      await until(() => panelOf(launcher).matches(':popover-open'));
      expect(document.documentElement.style.overflow).to.equal('');
    });
  });

  describe('while closed', () => {
    it('counts finished replies in the badge, announces each count once, and clears it on open', async () => {
      const { launcher, store } = await wrapped();
      store.send('One?');
      await waitForStatus(store, 'Completed');
      await settled(launcher);
      expect(badge(launcher)?.getAttribute('role')).to.equal('img');
      expect(badge(launcher)?.getAttribute('aria-label')).to.equal('1 new reply');
      expect(badge(launcher)?.textContent?.trim()).to.equal('1');
      expect(statusText(launcher)).to.equal('1 new reply');
      expect(control(launcher, 'Open chat').getAttribute('aria-describedby')).to.equal('badge');
      await accessible(launcher);
      store.send('Two?');
      await waitForStatus(store, 'Streaming');
      await waitForStatus(store, 'Completed');
      await settled(launcher);
      expect(badge(launcher)?.getAttribute('aria-label')).to.equal('2 new replies');
      expect(statusText(launcher)).to.equal('2 new replies');
      control(launcher, 'Open chat').click();
      await settled(launcher);
      expect(badge(launcher)).to.equal(null);
      expect(statusText(launcher)).to.equal('');
      control(launcher, 'Close chat').click();
      await settled(launcher);
      expect(badge(launcher), 'what was seen is not counted again').to.equal(null);
    });

    it('does not count a failed run, nor a reply the person watched', async () => {
      const agent = scriptedAgent((input, index) =>
        index === 0
          ? [started(input), { type: 'RUN_ERROR', message: 'overloaded' } as BaseEvent]
          : reply(input, `a${index}`, 'Fine.'),
      );
      const { launcher, store } = await wrapped(agent);
      store.send('Fail');
      await waitForStatus(store, 'Failed');
      await settled(launcher);
      expect(badge(launcher)).to.equal(null);
      launcher.show();
      await settled(launcher);
      store.send('Watch');
      await waitForStatus(store, 'Completed');
      launcher.hide();
      await settled(launcher);
      expect(badge(launcher)).to.equal(null);
    });

    it('says Needs your answer while an approval waits', async () => {
      const { launcher, store } = await wrapped(scriptedAgent((input) => interrupt(input)));
      store.send('Open one');
      await waitForStatus(store, 'Needs approval');
      await settled(launcher);
      expect(badge(launcher)?.getAttribute('aria-label')).to.equal('Needs your answer');
      expect(statusText(launcher)).to.equal('Needs your answer');
      await accessible(launcher);
      launcher.show();
      await settled(launcher);
      expect(badge(launcher)).to.equal(null);
    });

    it('keeps a run streaming while the panel is closed: closing cancels nothing', async () => {
      const agent = manualAgent();
      const { launcher, store } = await wrapped(agent);
      launcher.show();
      await settled(launcher);
      store.send('Long answer, please');
      await until(() => agent.runs.length === 1);
      const input = agent.inputs[0]!;
      agent.emit(started(input));
      agent.emit({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' } as BaseEvent);
      agent.emit({
        type: 'TEXT_MESSAGE_CONTENT',
        messageId: 'm',
        delta: 'First half, ',
      } as BaseEvent);
      await waitForStatus(store, 'Streaming');
      control(launcher, 'Close chat').click();
      await settled(launcher);
      expect(launcher.open).to.equal(false);
      expect(store.getState().run.status).to.equal('Streaming');
      expect(agent.open, 'the request is still open').to.equal(1);
      agent.emit({
        type: 'TEXT_MESSAGE_CONTENT',
        messageId: 'm',
        delta: 'second half.',
      } as BaseEvent);
      agent.emit({ type: 'TEXT_MESSAGE_END', messageId: 'm' } as BaseEvent);
      agent.emit(finished(input));
      await waitForStatus(store, 'Completed');
      await settled(launcher);
      expect(agent.aborts).to.equal(0);
      const answer = store.getState().messages.find((message) => message.role === 'assistant');
      expect(answer?.parts).to.deep.equal([{ kind: 'text', text: 'First half, second half.' }]);
      expect(badge(launcher)?.getAttribute('aria-label')).to.equal('1 new reply');
    });
  });

  describe('the greeting', () => {
    it('shows host text beside the closed button until Dismiss greeting, and never becomes a message', async () => {
      const launcher = await fixture<AgentLauncher>(html`
        <agent-launcher greeting="Questions? Ask me." persist="session" persist-key="greet">
          <agent-run .agent=${scriptedAgent((input) => reply(input, 'a', 'Hi.'))}
            ><agent-chat></agent-chat
          ></agent-run>
        </agent-launcher>
      `);
      await settled(launcher);
      const greeting = inShadow(launcher, '[part~="greeting"]');
      expect(greeting.textContent).to.contain('Questions? Ask me.');
      await accessible(launcher);
      control(launcher, 'Dismiss greeting').focus();
      await sendKeys({ press: 'Enter' });
      await settled(launcher);
      expect(launcher.shadowRoot!.querySelector('[part~="greeting"]')).to.equal(null);
      expectFocus(control(launcher, 'Open chat'));
      expect(JSON.parse(sessionStorage.getItem('agui-elements.launcher.greet')!)).to.deep.equal({
        open: false,
        greetingDismissed: true,
      });
      const store = (launcher.provider as AgentRun).store;
      expect(store.getState().messages).to.deep.equal([]);
    });

    it('shows again on the next page without persist, and stays dismissed with it', async () => {
      const first = await fixture<AgentLauncher>(
        html`<agent-launcher greeting="Hello there"><agent-run></agent-run></agent-launcher>`,
      );
      control(first, 'Dismiss greeting').click();
      await settled(first);
      fixtureCleanup();
      const again = await fixture<AgentLauncher>(
        html`<agent-launcher greeting="Hello there"><agent-run></agent-run></agent-launcher>`,
      );
      await settled(again);
      expect(again.shadowRoot!.querySelector('[part~="greeting"]')).not.to.equal(null);
      expect(sessionStorage.length, 'nothing stored without persist').to.equal(0);
    });
  });

  describe('persist', () => {
    it('saves {open, greetingDismissed}; a panel restored open takes no focus', async () => {
      const { launcher } = await wrapped();
      launcher.setAttribute('persist', 'session');
      launcher.setAttribute('persist-key', 'docs');
      await settled(launcher);
      control(launcher, 'Open chat').click();
      await settled(launcher);
      expect(JSON.parse(sessionStorage.getItem('agui-elements.launcher.docs')!)).to.deep.equal({
        open: true,
        greetingDismissed: true,
      });
      fixtureCleanup();
      (document.activeElement as HTMLElement | null)?.blur();
      const restored = await fixture<AgentLauncher>(html`
        <agent-launcher persist="session" persist-key="docs">
          <agent-run .agent=${scriptedAgent((input) => reply(input, 'a', 'Hi.'))}
            ><agent-chat></agent-chat
          ></agent-run>
        </agent-launcher>
      `);
      await settled(restored);
      await restored.chat!.updateComplete;
      await nextFrame();
      expect(restored.open).to.equal(true);
      expect(panelOf(restored).matches(':popover-open')).to.equal(true);
      expect(document.activeElement === document.body, 'no focus moved').to.equal(true);
      await accessible(restored);
    });

    it('is restored closed at 480 px and narrower', async () => {
      sessionStorage.setItem(
        'agui-elements.launcher.narrow',
        JSON.stringify({ open: true, greetingDismissed: false }),
      );
      await setViewport(PHONE);
      const restored = await fixture<AgentLauncher>(html`
        <agent-launcher persist="session" persist-key="narrow"
          ><agent-run></agent-run
        ></agent-launcher>
      `);
      await settled(restored);
      expect(restored.open).to.equal(false);
      expect(isShown(restored)).to.equal(false);
      expect(document.documentElement.style.overflow).to.equal('');
    });

    it('ignores a saved record that is not one', async () => {
      sessionStorage.setItem('agui-elements.launcher.bad', '{"open": "yes"');
      const launcher = await fixture<AgentLauncher>(html`
        <agent-launcher persist="session" persist-key="bad"><agent-run></agent-run></agent-launcher>
      `);
      await settled(launcher);
      expect(launcher.open).to.equal(false);
    });
  });

  describe('placement and themes', () => {
    it('sits at the bottom end: the right in LTR, the left in RTL, and bottom-start mirrors it', async () => {
      const { launcher } = await wrapped();
      const rect = () => control(launcher, 'Open chat').getBoundingClientRect();
      expect(rect().right).to.be.closeTo(WIDE.width - 20, 1);
      expect(rect().bottom).to.be.closeTo(WIDE.height - 20, 1);
      launcher.setAttribute('dir', 'rtl');
      await settled(launcher);
      expect(rect().left).to.be.closeTo(20, 1);
      launcher.show();
      await settled(launcher);
      await transitioned(launcher);
      const panel = panelOf(launcher).getBoundingClientRect();
      expect(panel.left, 'the panel follows the button to the left').to.be.closeTo(20, 1);
      expect(panel.width).to.equal(420);
      expect(panel.height).to.equal(680);
      await accessible(launcher);
      launcher.hide();
      launcher.removeAttribute('dir');
      launcher.setAttribute('position', 'bottom-start');
      await settled(launcher);
      expect(rect().left).to.be.closeTo(20, 1);
    });

    it('takes its colour, size and offset from tokens set on :root', async () => {
      document.documentElement.style.setProperty(
        '--agui-launcher-button-background',
        'rgb(10, 120, 30)',
      );
      document.documentElement.style.setProperty('--agui-launcher-button-size', '64px');
      document.documentElement.style.setProperty('--agui-launcher-offset', '40px');
      try {
        const { launcher } = await wrapped();
        const button = control(launcher, 'Open chat');
        expect(getComputedStyle(button).backgroundColor).to.equal('rgb(10, 120, 30)');
        expect(button.getBoundingClientRect().width).to.equal(64);
        expect(button.getBoundingClientRect().right).to.be.closeTo(WIDE.width - 40, 1);
      } finally {
        for (const name of ['button-background', 'button-size', 'offset'])
          document.documentElement.style.removeProperty(`--agui-launcher-${name}`);
      }
    });

    it('follows the dark scheme and passes axe in it, closed with a badge and open', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      const { launcher, store } = await wrapped();
      const button = control(launcher, 'Open chat');
      expect(getComputedStyle(button).backgroundColor).to.equal('rgb(138, 180, 255)');
      store.send('Hi');
      await waitForStatus(store, 'Completed');
      await settled(launcher);
      await accessible(launcher);
      launcher.show();
      await settled(launcher);
      expect(getComputedStyle(panelOf(launcher)).backgroundColor).to.equal('rgb(22, 24, 29)');
      await accessible(launcher);
    });

    it('draws a border around the button, badge and panel in forced colours', async () => {
      await emulateMedia({ forcedColors: 'active' });
      const { launcher, store } = await wrapped();
      store.send('Hi');
      await waitForStatus(store, 'Completed');
      await settled(launcher);
      expect(getComputedStyle(control(launcher, 'Open chat')).borderTopStyle).to.equal('solid');
      expect(getComputedStyle(badge(launcher)!).borderTopWidth).to.equal('2px');
      await accessible(launcher);
      launcher.show();
      await settled(launcher);
      expect(getComputedStyle(panelOf(launcher)).borderTopStyle).to.equal('solid');
      await accessible(launcher);
    });

    it('does not animate under prefers-reduced-motion', async () => {
      const { launcher } = await wrapped();
      expect(getComputedStyle(panelOf(launcher)).transitionDuration).not.to.match(/^0s(, 0s)*$/);
      await emulateMedia({ reducedMotion: 'reduce' });
      expect(getComputedStyle(panelOf(launcher)).transitionDuration).to.match(/^0s(, 0s)*$/);
    });
  });

  it('unsubscribes from the store when removed', async () => {
    const store = new RunStore();
    const open = countSubscriptions(store);
    const launcher = await fixture<AgentLauncher>(
      html`<agent-launcher><agent-run .store=${store}></agent-run></agent-launcher>`,
    );
    await settled(launcher);
    expect(open()).to.be.greaterThan(1);
    launcher.remove();
    await nextFrame();
    expect(open()).to.equal(0);
  });
});
