import { expect } from '@open-wc/testing';
import { fixtureTranscribe } from '../../demo/fixture-transcribe.js';
import { button, buttonsNamed, messageBox, renderedUntil } from '../support/chat.js';
import { tick } from '../support/agents.js';
import { answeringAgent, chatOn, microphone } from './voice-support.js';

describe("The demo's .transcribe", () => {
  afterEach(() => microphone('prompt'));

  it("posts the fake microphone's recording to the fixture's POST /api/transcribe and drafts the prepared question", async () => {
    await microphone('granted');
    const agent = answeringAgent('Latency is up because…');
    const { chat, store } = await chatOn(agent, { transcribe: fixtureTranscribe() });
    button(chat, 'Dictate').click();
    await renderedUntil(chat, () => buttonsNamed(chat, 'Stop dictation').length === 1);
    await tick(500);
    button(chat, 'Stop dictation').click();
    await renderedUntil(chat, () => messageBox(chat).value !== '');
    expect(messageBox(chat).value).to.equal('Why is API latency up?');
    expect(store.getState().messages, 'not sent').to.have.length(0);
  });

  it('says what the fixture refused, and keeps the recording for Try again', async () => {
    await microphone('granted');
    const { chat } = await chatOn(answeringAgent('Hi.'), {
      transcribe: fixtureTranscribe('/api/transcribe-nowhere'),
    });
    button(chat, 'Dictate').click();
    await renderedUntil(chat, () => buttonsNamed(chat, 'Stop dictation').length === 1);
    await tick(300);
    button(chat, 'Stop dictation').click();
    await renderedUntil(chat, () => buttonsNamed(chat, 'Try again').length === 1);
    const note = chat.shadowRoot?.querySelector('[part~="dictation-note"]')?.textContent ?? '';
    expect(note).to.match(/HTTP 404/);
  });
});
