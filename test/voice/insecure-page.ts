// Runs inside http://insecure.test (an insecure context): presses Dictate and tells the test page what it saw.
import '../../components/define.js';
import type { AgentChat } from '../../components/agent-chat/agent-chat.js';
import { RunStore } from '../../src/store/run-store.js';
import { answeringAgent } from './voice-support.js';

const chat = document.createElement('agent-chat') as AgentChat;
chat.store = new RunStore({ agent: answeringAgent('Hi.'), threadId: 'insecure' });
let transcribed = 0;
chat.transcribe = async () => {
  transcribed += 1;
  return 'never';
};
document.body.append(chat);

const dictate = () =>
  [...(chat.shadowRoot?.querySelectorAll('button') ?? [])].find(
    (button) => button.textContent?.trim() === 'Dictate',
  );
const note = () => chat.shadowRoot?.querySelector('[part~="dictation-note"]');

async function run(): Promise<void> {
  await chat.updateComplete;
  dictate()?.click();
  for (let waited = 0; waited < 5000 && !note(); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  parent.postMessage(
    {
      secure: isSecureContext,
      hasDictate: dictate() !== undefined,
      note: (note()?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      role: note()?.getAttribute('role') ?? null,
      transcribed,
    },
    '*',
  );
}
void run();
