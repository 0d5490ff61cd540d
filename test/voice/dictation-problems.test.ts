import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../components/agent-chat/agent-chat.js';
import { button, buttonsNamed, liveText, messageBox, renderedUntil } from '../support/chat.js';
import { inShadow, until } from '../support/elements.js';
import { answeringAgent, chatOn, FakeRecognition, microphone, replace } from './voice-support.js';
import de from '../../src/i18n/locales/de.js';

interface InsecureReport {
  readonly secure: boolean;
  readonly hasDictate: boolean;
  readonly note: string;
  readonly role: string | null;
  readonly transcribed: number;
}

describe('Dictation on an insecure page', () => {
  it('says that the page must be secure (http://insecure.test has no microphone)', async () => {
    const report = new Promise<InsecureReport>((resolve) => {
      addEventListener('message', (event: MessageEvent<InsecureReport>) => resolve(event.data), {
        once: true,
      });
    });
    await fixture(
      html`<iframe
        title="Insecure page"
        src=${`http://insecure.test:${location.port}/test/voice/insecure-page.html`}
      ></iframe>`,
    );
    const seen = await report;
    expect(seen.secure).to.equal(false);
    expect(seen.hasDictate).to.equal(true);
    expect(seen.note).to.contain('Dictation needs a secure page');
    expect(seen.role).to.equal('alert');
    expect(seen.transcribed).to.equal(0);
  });
});

describe('Dictation with the browser engine (dictation="browser")', () => {
  let restore: (() => void)[] = [];
  const interim = (chat: AgentChat) =>
    chat.shadowRoot?.querySelector<HTMLElement>('[part~="interim"]') ?? null;

  /** Chromium has both names: each is the recording stub for the test. */
  const scope = window as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const fakeRecognition = () => {
    restore.push(replace(scope, 'SpeechRecognition', FakeRecognition));
    restore.push(replace(scope, 'webkitSpeechRecognition', FakeRecognition));
  };

  beforeEach(() => {
    FakeRecognition.instances = [];
  });

  afterEach(async () => {
    for (const put of restore.reverse()) put();
    restore = [];
    await microphone('prompt');
  });

  it('shows no Dictate button without SpeechRecognition', async () => {
    restore.push(replace(scope, 'SpeechRecognition', undefined));
    restore.push(replace(scope, 'webkitSpeechRecognition', undefined));
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
    const { chat } = await chatOn(answeringAgent('Hi.'));
    chat.setAttribute('dictation', 'browser');
    await chat.updateComplete;
    expect(buttonsNamed(chat, 'Dictate')).to.have.length(0);
  });

  it('greys interim words until they are final, appends the final words and never sends', async () => {
    fakeRecognition();
    const agent = answeringAgent('Hi.');
    const { chat, store } = await chatOn(agent, {}, 'de-DE');
    // A German page: the controls and announcements are the German pack's.
    const german = de['agent-chat'] as Record<string, string>;
    chat.setAttribute('dictation', 'browser');
    await chat.updateComplete;
    button(chat, german.dictate!).click();
    await renderedUntil(chat, () => buttonsNamed(chat, german.stopDictation!).length === 1);
    const recognition = FakeRecognition.instances[0]!;
    expect(recognition.lang).to.equal('de-DE');
    expect(recognition.interimResults).to.equal(true);
    expect(liveText(chat)).to.contain(german.dictationStarted!);
    recognition.hear([['Warum ist', false]]);
    await renderedUntil(chat, () => interim(chat) !== null);
    expect(interim(chat)!.textContent).to.equal('Warum ist');
    expect(getComputedStyle(interim(chat)!).fontStyle).to.equal('italic');
    expect(messageBox(chat).value, 'interim words stay out of the draft').to.equal('');
    await expect(chat).to.be.accessible();
    recognition.hear([['Warum ist die Pumpe ausgefallen', true]]);
    await renderedUntil(chat, () => messageBox(chat).value !== '');
    expect(messageBox(chat).value).to.equal('Warum ist die Pumpe ausgefallen');
    expect(interim(chat)).to.equal(null);
    button(chat, german.stopDictation!).click();
    await renderedUntil(chat, () => buttonsNamed(chat, german.dictate!).length === 1);
    expect(recognition.calls).to.deep.equal(['start', 'stop']);
    expect(liveText(chat)).to.contain(german.dictationStopped!);
    expect(store.getState().messages).to.have.length(0);
    expect(agent.inputs).to.have.length(0);
  });

  it('follows the microphone on the level meter while the browser listens, when the microphone is allowed', async () => {
    fakeRecognition();
    await microphone('granted');
    const { chat } = await chatOn(answeringAgent('Hi.'), { dictation: 'browser' });
    button(chat, 'Dictate').click();
    await until(() => FakeRecognition.instances.length === 1);
    // As the real engine does once it captures audio (the microphone is allowed by then).
    FakeRecognition.instances[0]!.dispatchEvent(new Event('audiostart'));
    await renderedUntil(chat, () => chat.shadowRoot?.querySelector('[role="meter"]') != null);
    const meter = inShadow(chat, '[role="meter"]');
    expect(meter.getAttribute('aria-label')).to.equal('Microphone level');
    await until(() => Number(meter.getAttribute('aria-valuenow')) > 0);
    await expect(chat).to.be.accessible();
    button(chat, 'Stop dictation').click();
    await renderedUntil(chat, () => buttonsNamed(chat, 'Dictate').length === 1);
    expect(chat.shadowRoot?.querySelector('[role="meter"]')).to.equal(null);
  });

  it('Escape puts the draft back as it was', async () => {
    fakeRecognition();
    const { chat } = await chatOn(answeringAgent('Hi.'), {});
    chat.dictation = 'browser';
    await chat.updateComplete;
    messageBox(chat).value = 'Before';
    messageBox(chat).dispatchEvent(new Event('input'));
    button(chat, 'Dictate').click();
    await renderedUntil(chat, () => buttonsNamed(chat, 'Stop dictation').length === 1);
    FakeRecognition.instances[0]!.hear([['after', true]]);
    await renderedUntil(chat, () => messageBox(chat).value === 'Before after');
    inShadow(chat, 'textarea').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    await renderedUntil(chat, () => buttonsNamed(chat, 'Dictate').length === 1);
    expect(messageBox(chat).value).to.equal('Before');
    expect(FakeRecognition.instances[0]!.calls).to.include('abort');
    expect(liveText(chat)).to.contain('Dictation cancelled');
  });

  it('says how to allow the microphone when recognition is not allowed', async () => {
    fakeRecognition();
    const { chat } = await chatOn(answeringAgent('Hi.'), { dictation: 'browser' });
    button(chat, 'Dictate').click();
    await until(() => FakeRecognition.instances.length === 1);
    FakeRecognition.instances[0]!.fail('not-allowed');
    await renderedUntil(
      chat,
      () => chat.shadowRoot?.querySelector('[part~="dictation-note"]') !== null,
    );
    expect(inShadow(chat, '[part~="dictation-note"]').textContent).to.contain(
      'allow the microphone',
    );
    await expect(chat).to.be.accessible();
  });

  it('prefers the page’s .transcribe when both are set', async () => {
    fakeRecognition();
    await microphone('granted');
    const { chat } = await chatOn(answeringAgent('Hi.'), {
      dictation: 'browser',
      transcribe: async () => 'from the hook',
    });
    button(chat, 'Dictate').click();
    await renderedUntil(chat, () => buttonsNamed(chat, 'Stop dictation').length === 1);
    expect(FakeRecognition.instances).to.have.length(0);
    button(chat, 'Stop dictation').click();
    await renderedUntil(chat, () => messageBox(chat).value === 'from the hook');
  });
});
