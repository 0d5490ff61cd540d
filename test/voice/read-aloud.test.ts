import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { AgentChat } from '../../components/agent-chat/agent-chat.js';
import type { Speak } from '../../src/voice/types.js';
import { waitForStatus } from '../support/agents.js';
import { buttonsNamed, renderedUntil } from '../support/chat.js';
import { until } from '../support/elements.js';
import { fakeMicrophoneWav } from './wav.js';
import { answeringAgent, chatOn, fakeSynthesis, FakeSynthesis, replace } from './voice-support.js';

const ANSWER = [
  '## Pump report',
  '',
  'The **north pump** tripped at 02:14.',
  '',
  '```json',
  '{"pressure": 7.2}',
  '```',
].join('\n');

/** The controls by name: English unless the chat's language says otherwise (French: `fr`). */
const NAMES = {
  en: { read: 'Read aloud', stop: 'Stop reading' },
  fr: { read: 'Lire à voix haute', stop: 'Arrêter la lecture' },
};
const readButtons = (chat: AgentChat, lang: keyof typeof NAMES = 'en') =>
  buttonsNamed(chat, NAMES[lang].read);
const stopButtons = (chat: AgentChat, lang: keyof typeof NAMES = 'en') =>
  buttonsNamed(chat, NAMES[lang].stop);

async function answered(
  chat: AgentChat,
  store: AgentChat['store'],
  question: string,
  runs: number,
  lang: keyof typeof NAMES = 'en',
) {
  store!.send(question);
  await until(() => store!.getState().run.number === runs);
  await waitForStatus(store!, 'Completed');
  await renderedUntil(
    chat,
    () => readButtons(chat, lang).length + stopButtons(chat, lang).length === runs,
  );
}

describe('Read aloud with speechSynthesis (a recording stub)', () => {
  let synth: FakeSynthesis;
  let restore: () => void;

  beforeEach(() => {
    synth = new FakeSynthesis();
    restore = fakeSynthesis(synth);
  });

  afterEach(async () => {
    restore();
    await setViewport({ width: 800, height: 600 });
  });

  it('reads a finished answer’s words (not markdown or code) in a voice of its language; Stop reading stops it', async () => {
    // A French page: the buttons speak French, and the voice is a French one.
    const { chat, store } = await chatOn(answeringAgent(ANSWER), {}, 'fr-FR');
    await answered(chat, store, 'Report?', 1, 'fr');
    await expect(chat).to.be.accessible();
    readButtons(chat, 'fr')[0]!.click();
    await until(() => synth.spoken.length === 1);
    const utterance = synth.spoken[0]!;
    expect(utterance.text).to.equal('Pump report The north pump tripped at 02:14.');
    expect(utterance.lang).to.equal('fr-FR');
    expect(utterance.voice?.name).to.equal('Français');
    await renderedUntil(chat, () => stopButtons(chat, 'fr').length === 1);
    expect(stopButtons(chat, 'fr')[0]!.hasAttribute('aria-pressed')).to.equal(false);
    await expect(chat).to.be.accessible();
    const cancels = synth.cancels;
    stopButtons(chat, 'fr')[0]!.click();
    await renderedUntil(chat, () => readButtons(chat, 'fr').length === 1);
    expect(synth.cancels).to.be.greaterThan(cancels);
  });

  it('gives its button back when the answer has been read', async () => {
    const { chat, store } = await chatOn(answeringAgent('Short answer.'));
    await answered(chat, store, 'Hi', 1);
    readButtons(chat)[0]!.click();
    await renderedUntil(chat, () => stopButtons(chat).length === 1);
    synth.finish();
    await renderedUntil(chat, () => readButtons(chat).length === 1);
  });

  it('reads one answer at a time, and a new run stops it', async () => {
    const { chat, store } = await chatOn(answeringAgent('First answer.', 'Second answer.'));
    await answered(chat, store, 'One', 1);
    await answered(chat, store, 'Two', 2);
    readButtons(chat)[0]!.click();
    await renderedUntil(chat, () => stopButtons(chat).length === 1);
    readButtons(chat)[0]!.click(); // the second answer's
    await until(() => synth.spoken.length === 2);
    expect(synth.spoken.map((item) => item.text)).to.deep.equal([
      'First answer.',
      'Second answer.',
    ]);
    await renderedUntil(chat, () => readButtons(chat).length === 1);
    expect(stopButtons(chat)).to.have.length(1);
    const cancels = synth.cancels;
    store!.send('Three');
    await renderedUntil(chat, () => stopButtons(chat).length === 0);
    expect(synth.cancels).to.be.greaterThan(cancels);
  });

  it('stops when the chat leaves the page', async () => {
    const { chat, store } = await chatOn(answeringAgent('Bye.'));
    await answered(chat, store, 'Hi', 1);
    readButtons(chat)[0]!.click();
    await until(() => synth.spoken.length === 1);
    const cancels = synth.cancels;
    chat.remove();
    expect(synth.cancels).to.be.greaterThan(cancels);
  });

  it('fits a 390 px wide screen', async () => {
    await setViewport({ width: 390, height: 760 });
    const { chat, store } = await chatOn(answeringAgent(ANSWER));
    chat.style.width = '100%';
    await answered(chat, store, 'Report?', 1);
    readButtons(chat)[0]!.click();
    await renderedUntil(chat, () => stopButtons(chat).length === 1);
    const box = stopButtons(chat)[0]!.getBoundingClientRect();
    expect(box.right).to.be.at.most(390);
    expect(box.width).to.be.at.least(24);
    await expect(chat).to.be.accessible();
  });
});

describe('Read aloud with the page’s .speak', () => {
  it('plays the returned Blob from a blob: URL and aborts the hook’s signal on Stop reading', async () => {
    const calls: { text: string; lang: string; signal: AbortSignal }[] = [];
    const speak: Speak = async (text, { signal, lang }) => {
      calls.push({ text, lang, signal });
      return new Blob([fakeMicrophoneWav(3)], { type: 'audio/wav' });
    };
    const played: string[] = [];
    const play = HTMLMediaElement.prototype.play;
    const restore = replace(HTMLMediaElement.prototype, 'play', function (this: HTMLMediaElement) {
      played.push(this.src);
      return play.call(this);
    });
    try {
      const { chat, store } = await chatOn(answeringAgent('First.', 'Second.'), { speak }, 'en-GB');
      await answered(chat, store, 'One', 1);
      await answered(chat, store, 'Two', 2);
      readButtons(chat)[0]!.click();
      await until(() => played.length === 1);
      expect(calls[0]).to.include({ text: 'First.', lang: 'en-GB' });
      expect(played[0]).to.match(/^blob:/);
      await renderedUntil(chat, () => stopButtons(chat).length === 1);
      // One at a time: the second answer's Read aloud stops the first and aborts its hook call.
      readButtons(chat)[0]!.click();
      await until(() => played.length === 2);
      expect(calls[0]!.signal.aborted).to.equal(true);
      expect(calls[1]!.text).to.equal('Second.');
      stopButtons(chat)[0]!.click();
      await renderedUntil(chat, () => stopButtons(chat).length === 0);
      expect(calls[1]!.signal.aborted).to.equal(true);
      expect(readButtons(chat)).to.have.length(2);
    } finally {
      restore();
    }
  });

  it('says so when the hook fails, and gives the button back', async () => {
    const speak: Speak = async () => {
      throw new Error('voice service down');
    };
    const { chat, store } = await chatOn(answeringAgent('Hello.'), { speak });
    await answered(chat, store, 'Hi', 1);
    readButtons(chat)[0]!.click();
    await renderedUntil(chat, () =>
      (chat.shadowRoot?.querySelector('[aria-live="polite"]')?.textContent ?? '').includes(
        'voice service down',
      ),
    );
    expect(readButtons(chat)).to.have.length(1);
    const note = chat.shadowRoot?.querySelector('[part~="read-aloud-note"]');
    expect(note?.textContent, 'said in place too').to.contain('voice service down');
    await expect(chat).to.be.accessible();
  });
});
