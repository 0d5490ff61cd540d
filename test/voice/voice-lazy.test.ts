import { expect } from '@open-wc/testing';
import { waitForStatus } from '../support/agents.js';
import { buttonsNamed, renderedUntil } from '../support/chat.js';
import { until } from '../support/elements.js';
import { answeringAgent, chatOn, fakeSynthesis, FakeSynthesis } from './voice-support.js';

/** The voice part's modules the page has fetched. */
function voiceModules(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => !name.includes('/test/') && /\/src\/voice\//.test(name));
}

describe('Loading the voice part', () => {
  it('loads it only when Read aloud is first used, even with Dictate and answers on screen', async () => {
    performance.setResourceTimingBufferSize(100_000);
    const restore = fakeSynthesis(new FakeSynthesis());
    try {
      const { chat, store } = await chatOn(answeringAgent('An answer.'), {
        transcribe: async () => 'words',
      });
      store.send('Hi');
      await waitForStatus(store, 'Completed');
      await renderedUntil(chat, () => buttonsNamed(chat, 'Read aloud').length === 1);
      expect(buttonsNamed(chat, 'Dictate')).to.have.length(1);
      expect(voiceModules(), 'nothing of voice before a press').to.deep.equal([]);
      buttonsNamed(chat, 'Read aloud')[0]!.click();
      // The part's entry, and the modules it imports, arrive after the press.
      await until(() => voiceModules().some((name) => /\/src\/voice\/speech\.ts/.test(name)));
      expect(voiceModules().join('\n')).to.match(/\/src\/voice\/index\.ts/);
    } finally {
      restore();
    }
  });
});
