import { expect } from '@open-wc/testing';
import type { RunAgentInput } from '@ag-ui/core';
import {
  SAVED_ATTACHMENT_BUDGET,
  effectiveAccept,
  withinAttachmentBudget,
} from '../src/store/attachments.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike, AttachmentPart } from '../src/store/types.js';
import { finished, scriptedAgent, started, untilRuns, waitForStatus } from './support/agents.js';
import { until } from './support/elements.js';

const reply = (input: RunAgentInput) => [started(input), finished(input)];

/** An inline file of `size` bytes (its base64 is what the budget counts). */
function inline(name: string, size: number): AttachmentPart {
  const value = btoa('x'.repeat(size));
  return {
    kind: 'attachment',
    media: 'document',
    name,
    mimeType: 'application/pdf',
    size,
    source: { type: 'data', value, mimeType: 'application/pdf' },
  };
}

describe('attachments in the store', () => {
  it('puts the text first and the files after it in the user message, and sends them as 1.0 parts', async () => {
    const agent = scriptedAgent(reply);
    const store = new RunStore({ agent });
    store.send('  two files  ', { attachments: [inline('a.pdf', 3), inline('b.pdf', 6)] });
    await untilRuns(agent, 1);
    const parts = store.getState().messages[0]?.parts ?? [];
    expect(parts.map((part) => part.kind)).to.deep.equal(['text', 'attachment', 'attachment']);
    const content = agent.inputs[0]?.messages[0]?.content as { type: string }[];
    expect(content.map((part) => part.type)).to.deep.equal(['text', 'document', 'document']);
    expect(content[0]).to.deep.equal({ type: 'text', text: 'two files' });
  });

  it('ignores a send with neither text nor files', () => {
    const agent = scriptedAgent(reply);
    const store = new RunStore({ agent });
    store.send('   ', { attachments: [] });
    expect(store.getState().messages).to.have.length(0);
    expect(store.getState().run.status).to.equal('Idle');
  });

  it('keeps attachments within the saved-thread budget, in message order, and says what it left out', async () => {
    const agent = scriptedAgent(reply);
    const store = new RunStore({ agent, threadId: 't-budget' });
    store.send('first', { attachments: [inline('one.pdf', 600), inline('two.pdf', 600)] });
    await waitForStatus(store, 'Completed');
    store.send('second', { attachments: [inline('three.pdf', 300)] });
    await waitForStatus(store, 'Completed');
    const state = store.getState();
    expect(withinAttachmentBudget(state, 10_000)).to.equal(state);
    const saved = withinAttachmentBudget(state, 1000);
    const kept = saved.messages
      .flatMap((message) => message.parts)
      .filter((part): part is AttachmentPart => part.kind === 'attachment')
      .map((part) => [part.name, part.source?.type ?? null, part.omitted === true]);
    expect(kept).to.deep.equal([
      ['one.pdf', 'data', false],
      ['two.pdf', null, true],
      ['three.pdf', 'data', false],
    ]);
    expect(SAVED_ATTACHMENT_BUDGET).to.equal(5 * 1024 * 1024);
    // The saved copy restores, and its next run tells the agent what was left out.
    const restoredAgent = scriptedAgent(reply);
    const restored = new RunStore({
      restore: JSON.parse(JSON.stringify(saved)),
      agent: restoredAgent,
    });
    expect(restored.getState().messages).to.deep.equal(saved.messages);
    restored.send('again');
    await untilRuns(restoredAgent, 1);
    const firstUser = restoredAgent.inputs[0]?.messages[0]?.content as {
      type: string;
      text?: string;
    }[];
    expect(firstUser[2]).to.deep.equal({
      type: 'text',
      text: '[Attachment two.pdf (application/pdf, 600 bytes) was not kept with this saved thread]',
    });
  });

  it('refuses a saved attachment part that does not fit, with a note', () => {
    const store = new RunStore({ agent: scriptedAgent(reply) });
    const saved = JSON.parse(JSON.stringify(store.getState())) as { messages: unknown[] };
    saved.messages = [
      {
        id: 'u1',
        role: 'user',
        run: 0,
        streaming: false,
        parts: [
          { kind: 'attachment', media: 'image', name: 'x.png', mimeType: 'image/png', size: 1 },
        ],
      },
    ];
    const restored = new RunStore({ restore: saved });
    expect(restored.getState().messages).to.have.length(0);
    expect(restored.getState().activity.at(-1)?.text).to.equal(
      'The saved conversation could not be restored: messages[0].parts[0] has no source.',
    );
  });

  it('asks getCapabilities on the first run when nobody asked before, once, and keeps the answer', async () => {
    let asked = 0;
    const base = scriptedAgent(reply);
    const agent: AgentLike = {
      run: (input) => base.run(input),
      getCapabilities: () => {
        asked += 1;
        return Promise.resolve({ multimodal: { input: { image: true } } });
      },
    };
    const store = new RunStore({ agent });
    expect(store.getState().capabilities).to.equal(undefined);
    expect(asked).to.equal(0);
    store.send('hello');
    await until(() => store.getState().capabilities?.status === 'known');
    await waitForStatus(store, 'Completed');
    store.send('again');
    await waitForStatus(store, 'Completed');
    expect(asked).to.equal(1);
    expect(store.getState().capabilities?.value).to.deep.equal({
      multimodal: { input: { image: true } },
    });
    // A restored store asks again rather than trusting a saved answer.
    const restored = new RunStore({ restore: JSON.parse(JSON.stringify(store.getState())) });
    expect(restored.getState().capabilities?.status).to.equal('unknown');
  });

  it('narrows accept by the declared input modalities, and leaves it alone when none are declared', () => {
    const accept = ['image/png', 'image/*', 'application/pdf', 'text/plain'];
    expect(effectiveAccept(accept, null)).to.deep.equal(accept);
    expect(effectiveAccept(accept, { multimodal: {} })).to.deep.equal(accept);
    expect(effectiveAccept(accept, { multimodal: { input: { image: true } } })).to.deep.equal([
      'image/png',
      'image/*',
    ]);
    expect(effectiveAccept(accept, { multimodal: { input: { pdf: true } } })).to.deep.equal([
      'application/pdf',
    ]);
    expect(effectiveAccept(accept, { multimodal: { input: { file: true } } })).to.deep.equal(
      accept,
    );
    expect(effectiveAccept(accept, { multimodal: { input: {} } })).to.deep.equal([]);
  });
});
