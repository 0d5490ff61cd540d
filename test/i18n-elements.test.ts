// Every element in each shipped language: French, and Arabic right to left, at a wide and a phone width; German,
// Spanish, Italian, Portuguese, Dutch, Polish, Japanese, Chinese, Korean, and Hebrew right to left at the phone width.
// Its sentences from the pack, axe, no horizontal overflow at 390 px, and the icons that point mirrored only right
// to left.
import type { BaseEvent } from '@ag-ui/core';
import { expect, html, waitUntil } from '@open-wc/testing';
import { render } from 'lit';
import { setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import '../components/agent-inspector/define-inspector.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { setDisclosure } from '../components/shared/disclosure.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import type { LocaleTable } from '../src/i18n/messages.js';
import ar from '../src/i18n/locales/ar.js';
import de from '../src/i18n/locales/de.js';
import es from '../src/i18n/locales/es.js';
import fr from '../src/i18n/locales/fr.js';
import he from '../src/i18n/locales/he.js';
import italian from '../src/i18n/locales/it.js';
import ja from '../src/i18n/locales/ja.js';
import ko from '../src/i18n/locales/ko.js';
import nl from '../src/i18n/locales/nl.js';
import pl from '../src/i18n/locales/pl.js';
import pt from '../src/i18n/locales/pt.js';
import zh from '../src/i18n/locales/zh.js';
import { RunStore } from '../src/store/run-store.js';
import {
  API,
  finished,
  scriptedAgent,
  SEARCH,
  snapshot,
  started,
  waitForStatus,
} from './support/agents.js';
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
import { allInShadow } from './support/elements.js';

/** Each element and a sentence of its pack it shows in the page below (before any data arrives, or after the run). */
const SHOWN: readonly (readonly [tag: string, key: string])[] = [
  ['run-controls', 'run'],
  ['service-chart', 'filters'],
  ['diagnostic-card', 'empty'],
  ['agent-chat', 'send'],
  ['agent-threads', 'notSaved'],
  ['agent-artifacts', 'empty'],
  ['alert-banner', 'dismiss'],
  ['bar-chart', 'empty'],
  ['correlation-matrix', 'incomplete'],
  ['equipment-kb-card', 'incomplete'],
  ['kb-progress', 'title'],
  ['pattern-match', 'incomplete'],
  ['signal-chart', 'incomplete'],
  ['work-order-card', 'incomplete'],
  ['agent-launcher', 'openChat'],
  ['agent-inspector', 'allTypes'],
];

const STEPS = [
  { label: 'Read the measurements', status: 'done' },
  { label: 'Index the runbooks', status: 'running' },
];

/** A run whose reply holds text in the other script and a finished tool call (its disclosure closed). */
function storeForPage(): RunStore {
  const agent = scriptedAgent((input) => [
    started(input),
    snapshot([API, SEARCH]),
    textStart('a1'),
    textDelta('a1', 'Réponse de l’agent — وكيل'),
    textEnd('a1'),
    toolStart('c1', 'lookup_service', 'a1'),
    toolArgs('c1', '{"service":"api"}'),
    toolEnd('c1'),
    toolResult('c1', '{"ok":true}') as BaseEvent,
    finished(input),
  ]);
  const store = new RunStore({ agent, threadId: 'i18n-elements' }).use(createAnalysisPlugin());
  // The host's own words, in English whatever the page's language.
  setDisclosure(store, 'Synthetic data from a prepared demo recipe.');
  return store;
}

function page(store: RunStore, lang: string, dir: string | null) {
  return html`<div lang=${lang} dir=${dir ?? 'auto'} style="max-width: 100%">
    <run-controls .store=${store}></run-controls>
    <service-chart .store=${store}></service-chart>
    <diagnostic-card .store=${store}></diagnostic-card>
    <agent-chat .store=${store}></agent-chat>
    <agent-threads .store=${store}></agent-threads>
    <agent-artifacts .store=${store}></agent-artifacts>
    <alert-banner
      .props=${{ severity: 'warning', message: 'Latency above 500 ms', cell_id: 1 }}
    ></alert-banner>
    <bar-chart></bar-chart>
    <correlation-matrix></correlation-matrix>
    <equipment-kb-card></equipment-kb-card>
    <kb-progress .props=${{ steps: STEPS, cell_id: 1 }}></kb-progress>
    <pattern-match></pattern-match>
    <signal-chart></signal-chart>
    <work-order-card></work-order-card>
    <agent-launcher></agent-launcher>
    <agent-inspector .store=${store}></agent-inspector>
  </div>`;
}

/** Everything a person or a screen reader gets of an element: its text and its controls' names. */
function shownText(element: Element): string {
  const root = element.shadowRoot;
  if (!root) return '';
  const names = [...root.querySelectorAll('[aria-label],[title]')].map(
    (node) => `${node.getAttribute('aria-label') ?? ''} ${node.getAttribute('title') ?? ''}`,
  );
  return `${root.textContent ?? ''} ${names.join(' ')}`.replace(/\s+/g, ' ');
}

const transformOf = (element: Element | null | undefined) =>
  element ? getComputedStyle(element).transform : 'missing';

const MIRRORED = 'matrix(-1, 0, 0, 1, 0, 0)';

/** Each pack: French and Arabic at both widths, the ten later packs at the phone width (Hebrew right to left). */
const PAGES: readonly (readonly [string, 'rtl' | null, LocaleTable, readonly number[]])[] = [
  ['fr', null, fr, [1365, 390]],
  ['ar', 'rtl', ar, [1365, 390]],
  ['de', null, de, [390]],
  ['es', null, es, [390]],
  ['it', null, italian, [390]],
  ['pt', null, pt, [390]],
  ['nl', null, nl, [390]],
  ['pl', null, pl, [390]],
  ['ja', null, ja, [390]],
  ['zh', null, zh, [390]],
  ['ko', null, ko, [390]],
  ['he', 'rtl', he, [390]],
];

for (const [lang, dir, pack, widths] of PAGES) {
  for (const width of widths) {
    describe(`every element in ${lang}${dir ? ` with dir="${dir}"` : ''} at ${width} px`, () => {
      let wrapper: HTMLElement;
      let store: RunStore;

      before(async () => {
        await setViewport({ width, height: 900 });
        store = storeForPage();
        // Not a fixture: fixtures are removed after each test, and these tests share one page.
        const host = document.createElement('div');
        document.body.append(host);
        render(page(store, lang, dir), host);
        wrapper = host.firstElementChild as HTMLElement;
        if (!dir) wrapper.removeAttribute('dir');
        store.send('Bonjour');
        await waitForStatus(store, 'Completed');
        // An edited message, so the chat shows its versions (whose arrows point).
        const first = store.getState().messages.find((message) => message.role === 'user')!;
        store.edit(first.id, 'Bonjour encore');
        await waitUntil(
          () => store.getState().run.number === 2 && store.getState().run.status === 'Completed',
          'the edited message got no answer',
          { timeout: 10_000 },
        );
        const chat = wrapper.querySelector<AgentChat>('agent-chat')!;
        await renderedUntil(chat, () => allInShadow(chat, '.tool').length > 0);
        await settle(chat);
      });

      after(() => {
        store.dispose();
        wrapper.parentElement?.remove();
      });

      it('shows each element in the language of its pack', async () => {
        const table = pack as LocaleTable;
        for (const [tag, key] of SHOWN) {
          const element = wrapper.querySelector(tag)!;
          const expected = table[tag]?.[key];
          expect(typeof expected, `${tag}.${key}`).to.equal('string');
          // Compared with whitespace collapsed on both sides (French puts a no-break space before a colon).
          const sentence = String(expected).replace(/\s+/g, ' ');
          await waitUntil(
            () => shownText(element).includes(sentence),
            `<${tag}> does not show “${String(expected)}”: ${shownText(element).slice(0, 200)}`,
            { timeout: 5000 },
          );
        }
      });

      it('passes axe', async () => {
        for (const [tag] of SHOWN) {
          await expect(wrapper.querySelector(tag), tag).to.be.accessible();
        }
      });

      it('lays out in the direction of the page, and leaves agent text to find its own', () => {
        for (const [tag] of SHOWN) {
          expect(wrapper.querySelector(tag)!.matches(`:dir(${dir ?? 'ltr'})`), tag).to.equal(true);
        }
        const chat = wrapper.querySelector('agent-chat')!;
        const reply = allInShadow(chat, '.reply-text')[0];
        expect(reply?.getAttribute('dir')).to.equal('auto');
        expect(allInShadow(chat, 'pre.json')[0]?.getAttribute('dir')).to.equal('auto');
        // What the host or a channel wrote (its disclosure, an alert's message) need not be in the page's language.
        const banner = wrapper.querySelector('alert-banner')!;
        expect(banner.shadowRoot!.querySelector('[part="message"]')?.getAttribute('dir')).to.equal(
          'auto',
        );
        for (const tag of ['run-controls', 'service-chart', 'agent-chat', 'diagnostic-card']) {
          const shown = allInShadow(wrapper.querySelector(tag)!, '[part="disclosure"]');
          expect(shown, tag).to.have.length(1);
          expect(shown[0]!.getAttribute('dir'), tag).to.equal('auto');
        }
        // The chart's numeric axes stay left to right.
        const plots = [...wrapper.querySelectorAll('service-chart')].flatMap((chart) =>
          allInShadow(chart, 'svg[role="img"]'),
        );
        expect(plots).to.have.length(1);
        for (const plot of plots) {
          expect(getComputedStyle(plot).direction).to.equal('ltr');
          // Every label (the axis titles in the page's language included) stays inside the plot.
          const box = plot.getBoundingClientRect();
          for (const label of plot.querySelectorAll('text')) {
            const { left, right } = label.getBoundingClientRect();
            expect(left, label.textContent ?? '').to.be.at.least(box.left - 1);
            expect(right, label.textContent ?? '').to.be.at.most(box.right + 1);
          }
        }
      });

      it(`${dir ? 'mirrors' : 'keeps'} the icons that point`, () => {
        const chat = wrapper.querySelector('agent-chat')!;
        const launcher = wrapper.querySelector('agent-launcher')!;
        const expected = dir === 'rtl' ? MIRRORED : 'none';
        expect(transformOf(chat.shadowRoot?.querySelector('.send svg')), 'send').to.equal(expected);
        expect(
          transformOf(chat.shadowRoot?.querySelector('details:not([open]) > summary .chevron')),
          'chevron',
        ).to.equal(expected);
        expect(
          transformOf(launcher.shadowRoot?.querySelector('.launcher-button svg')),
          'launcher',
        ).to.equal(expected);
        for (const step of ['previous', 'next']) {
          const arrow = allInShadow(chat, `.versions [data-step="${step}"] svg`)[0];
          expect(transformOf(arrow), `${step} version`).to.equal(expected);
        }
      });

      if (width === 390) {
        it('overflows nothing sideways at 390 px', () => {
          expect(document.documentElement.scrollWidth).to.be.at.most(window.innerWidth);
          for (const [tag] of SHOWN) {
            const element = wrapper.querySelector(tag) as HTMLElement;
            const base = element.shadowRoot?.querySelector<HTMLElement>('[part~="base"]');
            for (const box of [element, base]) {
              if (box) expect(box.scrollWidth, tag).to.be.at.most(box.clientWidth + 1);
            }
          }
        });
      }
    });
  }
}
