import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { AgentChat } from '../../components/agent-chat/agent-chat.js';
import type { Transcribe } from '../../src/voice/types.js';
import { tick } from '../support/agents.js';
import { button, buttonsNamed, liveText, messageBox, renderedUntil } from '../support/chat.js';
import { inShadow, until } from '../support/elements.js';
import { answeringAgent, chatOn, microphone, replace } from './voice-support.js';

interface Call {
  readonly audio: Blob;
  readonly lang: string;
  readonly mimeType: string;
  readonly signal: AbortSignal;
}

/** A `.transcribe` that records its calls and answers with `words` (or throws what `answer` throws). */
function recordingHook(answer: (call: Call, index: number) => string | Promise<string>) {
  const calls: Call[] = [];
  const hook: Transcribe = async (audio, { signal, lang, mimeType }) => {
    const call = { audio, lang, mimeType, signal };
    calls.push(call);
    return answer(call, calls.length - 1);
  };
  return { hook, calls };
}

const meter = (chat: AgentChat) =>
  chat.shadowRoot?.querySelector<HTMLElement>('[role="meter"]') ?? null;
const note = (chat: AgentChat) =>
  (chat.shadowRoot?.querySelector('[part~="dictation-note"]')?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();

async function startDictation(
  chat: AgentChat,
  dictate = 'Dictate',
  stopDictation = 'Stop dictation',
): Promise<void> {
  button(chat, dictate).click();
  await renderedUntil(chat, () => buttonsNamed(chat, stopDictation).length === 1);
}

describe('Dictation with .transcribe', () => {
  afterEach(async () => {
    await microphone('prompt');
    await setViewport({ width: 800, height: 600 });
  });

  it('offers Dictate only when the page set .transcribe, as a button whose name changes (no aria-pressed)', async () => {
    const { chat } = await chatOn(answeringAgent('Hi.'));
    expect(buttonsNamed(chat, 'Dictate')).to.have.length(0);
    chat.transcribe = async () => 'words';
    await chat.updateComplete;
    const dictate = button(chat, 'Dictate');
    expect(dictate.hasAttribute('aria-pressed')).to.equal(false);
    await expect(chat).to.be.accessible();
  });

  it('records in memory with the right MIME type and language, and puts the words in the draft without sending', async () => {
    await microphone('granted');
    const { hook, calls } = recordingHook(() => 'Why did the north pump trip last night?');
    const agent = answeringAgent('Because of the pressure.');
    // A French page: the controls speak French, and the hook gets the page's language.
    const { chat, store } = await chatOn(agent, { transcribe: hook }, 'fr-FR');
    messageBox(chat).value = 'Question:';
    messageBox(chat).dispatchEvent(new Event('input'));
    await startDictation(chat, 'Dicter', 'Arrêter la dictée');
    expect(liveText(chat)).to.contain('Dictée commencée');
    const stop = button(chat, 'Arrêter la dictée');
    expect(stop.hasAttribute('aria-pressed')).to.equal(false);
    // The fake microphone plays a voice-like sound: the meter moves, the elapsed time counts.
    const level = meter(chat);
    expect(level?.getAttribute('aria-label')).to.equal('Niveau du micro');
    await until(() => Number(meter(chat)?.getAttribute('aria-valuenow')) > 0);
    await until(
      () => inShadow(chat, '.dictation-time').textContent?.includes('0:01') === true,
      5000,
    );
    expect(
      inShadow(chat, '.dictation-time').closest('[aria-live]'),
      'the time is not announced',
    ).to.equal(null);
    await expect(chat).to.be.accessible();
    stop.click();
    await until(() => calls.length === 1);
    const [call] = calls;
    expect(call!.audio.size).to.be.greaterThan(1000);
    expect(call!.audio.type).to.match(/^audio\/webm/);
    expect(call!.mimeType).to.equal(call!.audio.type);
    expect(call!.lang).to.equal('fr-FR');
    await renderedUntil(chat, () => messageBox(chat).value.includes('north pump'));
    expect(messageBox(chat).value).to.equal('Question: Why did the north pump trip last night?');
    expect(liveText(chat)).to.contain('Dictée arrêtée');
    expect(store.getState().messages).to.have.length(0);
    expect(agent.inputs).to.have.length(0);
    expect(button(chat, 'Dicter').disabled).to.equal(false);
  });

  it('sends at once with dictation-send', async () => {
    await microphone('granted');
    const { hook } = recordingHook(() => 'Show the pump history');
    const agent = answeringAgent('Here it is.');
    const { chat } = await chatOn(agent, { transcribe: hook, dictationSend: true });
    expect(chat.getAttribute('dictation-send')).to.equal(null);
    await startDictation(chat);
    await tick(300);
    button(chat, 'Stop dictation').click();
    await until(() => agent.inputs.length === 1);
    const sent = agent.inputs[0]!.messages.at(-1);
    expect(sent?.content).to.equal('Show the pump history');
    await renderedUntil(chat, () => messageBox(chat).value === '');
  });

  it('cancels with Escape: nothing reaches .transcribe and the draft is unchanged', async () => {
    await microphone('granted');
    const { hook, calls } = recordingHook(() => 'never');
    const { chat } = await chatOn(answeringAgent('Hi.'), { transcribe: hook });
    await startDictation(chat);
    button(chat, 'Stop dictation').focus();
    await sendKeys({ press: 'Escape' });
    await renderedUntil(chat, () => buttonsNamed(chat, 'Dictate').length === 1);
    expect(liveText(chat)).to.contain('Dictation cancelled');
    await tick(300);
    expect(calls).to.have.length(0);
    expect(messageBox(chat).value).to.equal('');
    expect(meter(chat)).to.equal(null);
  });

  it('stops by itself at max-dictation-seconds and transcribes what it has', async () => {
    await microphone('granted');
    const { hook, calls } = recordingHook(() => 'Limited');
    const { chat } = await chatOn(answeringAgent('Hi.'), { transcribe: hook });
    chat.setAttribute('max-dictation-seconds', '1');
    await chat.updateComplete;
    expect(chat.maxDictationSeconds).to.equal(1);
    await startDictation(chat);
    await until(() => calls.length === 1, 5000);
    expect(calls[0]!.audio.size).to.be.greaterThan(0);
    await renderedUntil(chat, () => liveText(chat).includes('1-second limit'));
    await renderedUntil(chat, () => messageBox(chat).value === 'Limited');
  });

  it('takes a bad max-dictation-seconds as the default, without throwing', async () => {
    await microphone('granted');
    const { hook, calls } = recordingHook(() => 'Still fine');
    const { chat } = await chatOn(answeringAgent('Hi.'), { transcribe: hook });
    chat.setAttribute('max-dictation-seconds', 'soon');
    await chat.updateComplete;
    await startDictation(chat);
    await tick(1500);
    expect(calls, 'not stopped at once by a NaN limit').to.have.length(0);
    button(chat, 'Stop dictation').click();
    await renderedUntil(chat, () => messageBox(chat).value === 'Still fine');
  });

  it('says how to allow the microphone when permission is denied', async () => {
    await microphone('denied');
    const { hook, calls } = recordingHook(() => 'never');
    const { chat } = await chatOn(answeringAgent('Hi.'), { transcribe: hook });
    button(chat, 'Dictate').click();
    await renderedUntil(chat, () => note(chat) !== '');
    expect(note(chat)).to.contain('may not use the microphone');
    expect(note(chat)).to.contain('allow the microphone');
    expect(calls).to.have.length(0);
    expect(buttonsNamed(chat, 'Try again')).to.have.length(0);
    await expect(chat).to.be.accessible();
  });

  it('says so when there is no microphone (getUserMedia rejects with NotFoundError)', async () => {
    await microphone('granted');
    const put = replace(navigator.mediaDevices, 'getUserMedia', () =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    );
    try {
      const { chat } = await chatOn(answeringAgent('Hi.'), { transcribe: async () => 'never' });
      button(chat, 'Dictate').click();
      await renderedUntil(chat, () => note(chat) !== '');
      expect(note(chat)).to.contain('No microphone was found');
      await expect(chat).to.be.accessible();
    } finally {
      put();
    }
  });

  it('keeps the recording when .transcribe throws, and Try again sends the same recording', async () => {
    await microphone('granted');
    const { hook, calls } = recordingHook((_, index) => {
      if (index === 0) throw new Error('speech service unavailable');
      return 'Second time lucky';
    });
    const { chat } = await chatOn(answeringAgent('Hi.'), { transcribe: hook });
    await startDictation(chat);
    await tick(300);
    button(chat, 'Stop dictation').click();
    await renderedUntil(chat, () => note(chat) !== '');
    expect(note(chat)).to.contain('speech service unavailable');
    expect(note(chat)).to.contain('The recording is kept');
    expect(messageBox(chat).value).to.equal('');
    await expect(chat).to.be.accessible();
    button(chat, 'Try again').click();
    await until(() => calls.length === 2);
    expect(calls[1]!.audio, 'the same recording').to.equal(calls[0]!.audio);
    await renderedUntil(chat, () => messageBox(chat).value === 'Second time lucky');
    expect(note(chat)).to.equal('');
  });

  it('fits a 390 px wide screen while recording', async () => {
    await microphone('granted');
    await setViewport({ width: 390, height: 760 });
    const { chat } = await chatOn(answeringAgent('Hi.'), { transcribe: async () => 'ok' });
    chat.style.width = '100%';
    await startDictation(chat);
    const composer = inShadow(chat, 'form[part~="composer"]');
    expect(composer.scrollWidth).to.be.at.most(composer.clientWidth + 1);
    for (const name of ['Stop dictation', 'Send']) {
      const box = button(chat, name).getBoundingClientRect();
      expect(box.right, name).to.be.at.most(390);
      expect(box.width, name).to.be.at.least(24);
    }
    await expect(chat).to.be.accessible();
    await sendKeys({ press: 'Escape' });
  });
});
