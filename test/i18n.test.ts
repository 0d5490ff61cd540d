import type { BaseEvent } from '@ag-ui/core';
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../components/define.js';
import type { KbProgress } from '../components/kb-progress/kb-progress.js';
import type { RunControls } from '../components/run-controls/run-controls.js';
import { failureText } from '../components/shared/failure-text.js';
import { shippedPacks, type LocaleController } from '../components/shared/locale-controller.js';
import { registerLocale as registerFromMain } from '../components/index.js';
import { RunStore, registerLocale } from '../src/index.js';
import { formatElapsed, formatSize } from '../components/agent-inspector/inspector-table.js';
import { dateFormatFor, relativeTime } from '../src/i18n/intl.js';
import { formatMessage } from '../src/i18n/messages.js';
import { fallbackChain, isRtlLanguage } from '../src/i18n/tags.js';
import { scriptedAgent, started, waitForStatus } from './support/agents.js';
import { shadowText } from './support/artifacts.js';
import { statusText } from './support/elements.js';

const STEPS = [
  { label: 'Read the measurements', status: 'done' as const },
  { label: 'Index the runbooks', status: 'failed' as const },
  { label: 'Index the manuals', status: 'failed' as const },
];

const title = (el: Element) => shadowText(el, '[part="title"]');
const settle = async (el: KbProgress) => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await el.updateComplete;
};

describe('languages', () => {
  const pageLang = document.documentElement.getAttribute('lang');
  afterEach(() => {
    if (pageLang === null) document.documentElement.removeAttribute('lang');
    else document.documentElement.setAttribute('lang', pageLang);
    document.documentElement.removeAttribute('dir');
  });

  it('follows a change of the page lang at runtime', async () => {
    registerLocale('de', { 'kb-progress': { title: 'Fortschritt der Wissensbasis' } });
    const el = await fixture<KbProgress>(
      html`<kb-progress .props=${{ steps: STEPS }}></kb-progress>`,
    );
    expect(title(el)).to.equal('Knowledge base progress');
    document.documentElement.lang = 'de';
    await waitUntil(() => title(el) === 'Fortschritt der Wissensbasis', 'no re-render in German');
    document.documentElement.lang = 'en';
    await waitUntil(() => title(el) === 'Knowledge base progress', 'no re-render in English');
  });

  it('reads the nearest lang, its own and across shadow roots, before the page', async () => {
    registerLocale('nl', { 'kb-progress': { title: 'Voortgang van de kennisbank' } });
    document.documentElement.lang = 'en';
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <section lang="nl"><kb-progress id="nested"></kb-progress></section>
        <kb-progress id="page"></kb-progress>
        <kb-progress id="own" lang="nl"></kb-progress>
        <div id="host" lang="nl"></div>
      </div>`,
    );
    const host = wrapper.querySelector('#host')!;
    const inShadowRoot = document.createElement('kb-progress') as KbProgress;
    host.attachShadow({ mode: 'open' }).append(inShadowRoot);
    const nested = wrapper.querySelector<KbProgress>('#nested')!;
    const page = wrapper.querySelector<KbProgress>('#page')!;
    const own = wrapper.querySelector<KbProgress>('#own')!;
    await Promise.all([nested, page, own, inShadowRoot].map(settle));
    expect(title(nested)).to.equal('Voortgang van de kennisbank');
    expect(title(own)).to.equal('Voortgang van de kennisbank');
    expect(title(inShadowRoot)).to.equal('Voortgang van de kennisbank');
    expect(title(page)).to.equal('Knowledge base progress');
    // A lang changed on an ancestor inside no shadow root, and on the host of one.
    wrapper.querySelector('section')!.setAttribute('lang', 'en');
    host.setAttribute('lang', 'en');
    await waitUntil(
      () => title(nested) === 'Knowledge base progress' && title(inShadowRoot) === title(nested),
      'nested elements did not follow their ancestors',
    );
  });

  it('lets the element strings win over a registered table, key by key', async () => {
    registerLocale('sv', {
      'kb-progress': { title: 'Kunskapsbasens förlopp', empty: 'Inga steg än.' },
    });
    const el = await fixture<KbProgress>(
      html`<kb-progress lang="sv" .strings=${{ title: 'Vår egen rubrik' }}></kb-progress>`,
    );
    expect(title(el)).to.equal('Vår egen rubrik');
    expect(shadowText(el, '[part="empty"]')).to.equal('Inga steg än.');
  });

  it('lets the element strings win over a shipped pack', async () => {
    const el = await fixture<KbProgress>(
      html`<kb-progress lang="fr" .strings=${{ title: 'Notre titre' }}></kb-progress>`,
    );
    await waitUntil(() => shadowText(el, '[part="empty"]') === 'Aucune étape pour l’instant.');
    expect(title(el)).to.equal('Notre titre');
  });

  it('registers a table later and re-renders, leaving out bad entries without throwing', async () => {
    const el = await fixture<KbProgress>(html`<kb-progress lang="da"></kb-progress>`);
    expect(title(el)).to.equal('Knowledge base progress');
    const result = registerLocale('da', {
      'kb-progress': {
        title: 'Vidensbasens fremskridt',
        empty: 42 as unknown as string,
        failedCount: { one: '{count} fejlede' } as unknown as string,
      },
      broken: 'nope' as unknown as Record<string, string>,
    });
    expect(result.tag).to.equal('da');
    expect(result.problems).to.have.length(3);
    await waitUntil(() => title(el) === 'Vidensbasens fremskridt');
    expect(shadowText(el, '[part="empty"]')).to.equal('No steps yet.');
    expect(registerLocale('not a tag!', {}).tag).to.equal(null);
    // Plural forms where the element expects a sentence are not rendered as [object Object]: that key shows English.
    registerLocale('da', { 'kb-progress': { title: { other: 'x' } } });
    await waitUntil(() => title(el) === 'Knowledge base progress', 'the bad entry was rendered');
  });

  it('exports registerLocale from the core and from the main entry, one registry for both', async () => {
    expect(registerFromMain).to.equal(registerLocale);
    registerFromMain('fi', { 'kb-progress': { title: 'Tietopohjan eteneminen' } });
    const el = await fixture<KbProgress>(html`<kb-progress lang="fi"></kb-progress>`);
    expect(title(el)).to.equal('Tietopohjan eteneminen');
  });

  it('falls back from pt-BR to pt to English', async () => {
    registerLocale('pt', {
      'kb-progress': { title: 'Progresso da base', empty: 'Ainda sem passos.' },
    });
    registerLocale('pt-BR', { 'kb-progress': { title: 'Progresso da base (BR)' } });
    const el = await fixture<KbProgress>(
      html`<kb-progress lang="pt-br" .props=${{ steps: STEPS }}></kb-progress>`,
    );
    expect(title(el)).to.equal('Progresso da base (BR)');
    el.props = { steps: [] };
    await el.updateComplete;
    expect(shadowText(el, '[part="empty"]')).to.equal('Ainda sem passos.');
    el.lang = 'pt-PT';
    await waitUntil(() => title(el) === 'Progresso da base');
    expect(fallbackChain('pt-BR')).to.deep.equal(['pt-BR', 'pt', 'en']);
  });

  it('never gives Traditional Chinese the Simplified Chinese table', async () => {
    registerLocale('zh', { 'kb-progress': { title: '知识库进度' } });
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <kb-progress lang="zh-TW"></kb-progress>
        <kb-progress lang="zh-HK"></kb-progress>
        <kb-progress lang="zh-Hant"></kb-progress>
        <kb-progress lang="zh-Hant-CN"></kb-progress>
        <kb-progress lang="zh-CN"></kb-progress>
      </div>`,
    );
    const titles = [...wrapper.querySelectorAll<KbProgress>('kb-progress')].map(title);
    expect(titles).to.deep.equal([
      'Knowledge base progress',
      'Knowledge base progress',
      'Knowledge base progress',
      'Knowledge base progress',
      '知识库进度',
    ]);
    expect(fallbackChain('zh-TW')).to.deep.equal(['zh-TW', 'en']);
  });

  it('chooses plural forms with the language rules, in strings and registered tables alike', async () => {
    registerLocale('pl', {
      'kb-progress': {
        failedCount: {
          one: '{count} błąd',
          few: '{count} błędy',
          many: '{count} błędów',
          other: '{count} błędu',
        },
      },
    });
    const el = await fixture<KbProgress>(
      html`<kb-progress lang="pl" .props=${{ steps: STEPS }}></kb-progress>`,
    );
    expect(shadowText(el, '[part="progress"]')).to.contain('2 błędy');
    el.strings = { failedCount: { one: 'jeden', other: '{count} inne' } };
    await el.updateComplete;
    expect(shadowText(el, '[part="progress"]')).to.contain('2 inne');
    const arabic = { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' };
    expect(
      [0, 1, 2, 3, 11, 100].map((count) => formatMessage(arabic, { count }, 'ar')),
    ).to.deep.equal(['z', 'o', 't', 'f', 'm', 'x']);
  });

  it('shows English with a note in place when a pack file is missing, and throws nothing', async () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent | PromiseRejectionEvent) => errors.push(event);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    shippedPacks.set('eu', () => import(/* @vite-ignore */ `${location.origin}/missing/eu.js`));
    try {
      const el = await fixture<KbProgress>(html`<kb-progress lang="eu"></kb-progress>`);
      await waitUntil(() => el.shadowRoot?.querySelector('[role="note"]'), 'no note');
      const note = el.shadowRoot!.querySelector('[role="note"]')!;
      expect(note.textContent).to.match(
        /^The Basque texts could not be loaded \(.+\), so English is shown\.$/,
      );
      expect(title(el)).to.equal('Knowledge base progress');
      // Where there is an activity log, the note is in it too.
      const controls = await fixture<RunControls>(
        html`<run-controls lang="eu" .store=${new RunStore({ threadId: 'eu' })}></run-controls>`,
      );
      await waitUntil(() => controls.shadowRoot?.querySelector('[data-code="languageMissing"]'));
      expect(shadowText(controls, '[part="activity"] summary')).to.equal('Activity (1)');
      expect(shadowText(controls, '[data-code="languageMissing"]')).to.equal(note.textContent);
      // Back to a language that loads: the note goes.
      el.lang = 'en';
      await waitUntil(() => !el.shadowRoot?.querySelector('[role="note"]'), 'the note stayed');
      expect(errors).to.deep.equal([]);
    } finally {
      shippedPacks.delete('eu');
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    }
  });
});

describe('direction', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('dir');
  });

  it('lays out right to left for an RTL language when the page says nothing', async () => {
    const el = await fixture<KbProgress>(html`<kb-progress lang="he"></kb-progress>`);
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(el.matches(':dir(rtl)')).to.equal(true);
    el.lang = 'en';
    await waitUntil(() => !el.hasAttribute('dir'), 'the set dir stayed');
    expect(el.matches(':dir(ltr)')).to.equal(true);
    expect(['ar', 'he', 'fa', 'ur', 'ar-EG'].every(isRtlLanguage)).to.equal(true);
    expect(['en', 'fr', 'az-Latn', 'pa'].some(isRtlLanguage)).to.equal(false);
  });

  it('follows the nearest dir over the language', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div dir="ltr"><kb-progress lang="ar"></kb-progress></div>`,
    );
    const el = wrapper.querySelector<KbProgress>('kb-progress')!;
    await el.updateComplete;
    expect(el.hasAttribute('dir')).to.equal(false);
    expect(el.matches(':dir(ltr)')).to.equal(true);
    wrapper.removeAttribute('dir');
    await waitUntil(() => el.getAttribute('dir') === 'rtl', 'no rtl once the page said nothing');
  });
});

describe('failure reasons', () => {
  it('keeps the code and values beside the English reason, and says it in the element language', async () => {
    const store = new RunStore({
      agent: scriptedAgent((input) => [started(input)]),
      threadId: 'thread-failure-fr',
    });
    const el = await fixture<RunControls>(
      html`<run-controls lang="fr" .store=${store}></run-controls>`,
    );
    store.run();
    const state = await waitForStatus(store, 'Failed');
    expect(state.run.failure).to.deep.equal({
      kind: 'Transport',
      reason: 'The connection closed before the run finished (no RUN_FINISHED or RUN_ERROR).',
      code: 'closedEarly',
      params: {},
    });
    await waitUntil(
      () =>
        statusText(el) ===
        'Échec\u00a0: La connexion s’est fermée avant la fin de l’exécution (ni RUN_FINISHED ni RUN_ERROR).',
      `not in French: ${statusText(el)}`,
    );
  });

  it('never translates what the agent reported itself', async () => {
    const store = new RunStore({
      agent: scriptedAgent((input) => [
        started(input),
        { type: 'RUN_ERROR', message: 'model overloaded' } as BaseEvent,
      ]),
      threadId: 'thread-agent-error-fr',
    });
    const el = await fixture<RunControls>(
      html`<run-controls lang="fr" .store=${store}></run-controls>`,
    );
    store.run();
    const state = await waitForStatus(store, 'Failed');
    expect(state.run.failure?.code).to.equal(undefined);
    await waitUntil(() => statusText(el) === 'Échec\u00a0: model overloaded', statusText(el));
  });

  it('says the activity log in the element language: why a run began, how it ended, what failed', async () => {
    const store = new RunStore({
      // The run streams no end: the connection closes early.
      agent: scriptedAgent((input) => [started(input)]),
      threadId: 'thread-activity-fr',
    });
    const el = await fixture<RunControls>(
      html`<run-controls lang="fr" .store=${store}></run-controls>`,
    );
    store.run();
    await waitForStatus(store, 'Failed');
    const log = () =>
      [...el.shadowRoot!.querySelectorAll('[part="activity"] li span')].map((node) =>
        (node.textContent ?? '').replace(/\s+/g, ' '),
      );
    await waitUntil(() => log().some((line) => line.includes('a échoué')), log().join(' | '));
    // The kind of run and of failure in words, and the store's English reason said from its code in French.
    expect(log(), log().join(' | ')).to.include('Exécution 1 demandée : scénario (normal)');
    expect(log()).to.include(
      'L’exécution 1 a échoué : erreur de connexion : La connexion s’est fermée avant la fin de l’exécution (ni RUN_FINISHED ni RUN_ERROR).',
    );
    // The stored entry keeps its English sentence, its code and the failure's code beside it.
    const failed = store.getState().activity.find((entry) => entry.code === 'runFailed')!;
    expect(failed.text).to.equal(
      'Run 1 failed: Transport: The connection closed before the run finished (no RUN_FINISHED or RUN_ERROR).',
    );
    expect(failed.params?.failureCode).to.equal('closedEarly');
    store.dispose();
  });

  it('falls back to the stored reason for a restored failure whose code it does not know', async () => {
    const store = new RunStore({ agent: scriptedAgent(() => []), threadId: 'thread-odd-code' });
    const el = await fixture<RunControls>(
      html`<run-controls lang="fr" .store=${store}></run-controls>`,
    );
    const locale = (el as unknown as { locale: LocaleController }).locale;
    expect(
      failureText(
        { kind: 'Protocol', reason: 'As stored', code: 'nope' as 'aborted', params: {} },
        locale,
      ),
    ).to.equal('As stored');
    expect(
      failureText(
        {
          kind: 'Transport',
          reason: 'HTTP 413: too big',
          code: 'httpStatus',
          params: { status: 413, message: { html: '<b>' } as unknown as string },
        },
        locale,
      ),
    ).to.equal('HTTP 413: too big');
  });
});

describe('numbers, dates and times', () => {
  it('writes them the way the language does', () => {
    expect(formatElapsed(1234, 'fr')).to.equal('+1,234 s');
    expect(formatSize(4200, 'fr')).to.equal('4,2 kB');
    expect(formatElapsed(1234, 'en')).to.equal('+1.234 s');
    const now = Date.UTC(2026, 0, 15, 12);
    expect(relativeTime(now - 3 * 3_600_000, 'fr', now)).to.equal('il y a 3 heures');
    expect(relativeTime(now - 86_400_000, 'en', now)).to.equal('yesterday');
    expect(formatMessage('{count} lignes', { count: 100000 }, 'fr')).to.equal(
      '100\u202f000 lignes',
    );
    expect(dateFormatFor('fr', { month: 'long', timeZone: 'UTC' }).format(now)).to.equal('janvier');
    // A tag Intl refuses reads as English rather than breaking a render.
    expect(formatMessage('{count}', { count: 1500 }, 'not a tag!')).to.equal('1,500');
  });
});
