import { expect, fixture, html } from '@open-wc/testing';
import type { AgentCapabilities, BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import type { UploadAttachment } from '../components/agent-chat/attachment-tray.js';
import { fixtureUpload } from '../demo/fixture-upload.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';
import { finished, scriptedAgent, started, untilRuns, waitForStatus } from './support/agents.js';
import { button, buttonsNamed, messageBox, renderedUntil, settle } from './support/chat.js';
import { allInShadow, inShadow, until } from './support/elements.js';

/** A 1×1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const png = (name = 'dot.png') => new File([bytesOf(PNG_BASE64)], name, { type: 'image/png' });
const pdf = (name = 'report.pdf') =>
  new File(['%PDF-1.4 synthetic'], name, { type: 'application/pdf' });

function transfer(...files: File[]): DataTransfer {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  return data;
}

function fileInput(chat: AgentChat): HTMLInputElement {
  return inShadow<HTMLInputElement>(chat, 'input[type="file"]');
}

/** What a person does with the picker: the input gets the files and fires `change`. */
function pick(chat: AgentChat, ...files: File[]): void {
  const input = fileInput(chat);
  input.files = transfer(...files).files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function chips(chat: AgentChat): string[] {
  return allInShadow(chat, '.chips .chip').map((chip) => chip.getAttribute('data-name') ?? '');
}

function alertText(chat: AgentChat): string {
  return allInShadow(chat, '[role="alert"]')
    .map((node) => node.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .join(' | ');
}

function reply(input: RunAgentInput): BaseEvent[] {
  return [started(input), finished(input)];
}

async function chatWith(store: RunStore | null, attributes: Partial<AgentChat> = {}) {
  const el = await fixture<AgentChat>(html`<agent-chat .store=${store}></agent-chat>`);
  Object.assign(el, attributes);
  await settle(el);
  return el;
}

async function type(chat: AgentChat, text: string): Promise<void> {
  const box = messageBox(chat);
  box.value = text;
  box.dispatchEvent(new Event('input', { bubbles: true }));
  await settle(chat);
}

function userContent(input: RunAgentInput | undefined): unknown {
  const users = (input?.messages ?? []).filter((message) => message.role === 'user');
  return users[users.length - 1]?.content;
}

describe('agent-chat attachments', () => {
  describe('attaching', () => {
    it('picks files with the real file input and shows a chip per file with name, size, preview and Remove', async () => {
      const el = await chatWith(new RunStore({ agent: scriptedAgent(reply) }));
      const attach = button(el, 'Attach files');
      expect(attach.type).to.equal('button');
      expect(fileInput(el).multiple).to.equal(true);
      expect(fileInput(el).accept).to.equal(
        'image/png,image/jpeg,image/gif,image/webp,application/pdf',
      );
      pick(el, png(), pdf());
      await settle(el);
      expect(chips(el)).to.deep.equal(['dot.png', 'report.pdf']);
      const [image] = allInShadow<HTMLImageElement>(el, '.chip-preview');
      expect(image?.src.startsWith('blob:')).to.equal(true);
      expect(inShadow(el, '.chips').textContent).to.contain('70 B');
      button(el, 'Remove dot.png').click();
      await settle(el);
      expect(chips(el)).to.deep.equal(['report.pdf']);
      expect(el.shadowRoot?.activeElement).to.equal(messageBox(el));
      expect(buttonsNamed(el, 'Remove dot.png')).to.have.length(0);
    });

    it('takes files dropped on the composer (a real DataTransfer)', async () => {
      const el = await chatWith(new RunStore({ agent: scriptedAgent(reply) }));
      const composer = inShadow(el, 'form[part~="composer"]');
      const data = transfer(png('dropped.png'));
      const over = new DragEvent('dragover', {
        dataTransfer: data,
        bubbles: true,
        cancelable: true,
      });
      composer.dispatchEvent(over);
      expect(over.defaultPrevented).to.equal(true);
      composer.dispatchEvent(
        new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
      );
      await settle(el);
      expect(chips(el)).to.deep.equal(['dropped.png']);
    });

    it('takes a file pasted into the Message box', async () => {
      const el = await chatWith(new RunStore({ agent: scriptedAgent(reply) }));
      const paste = new ClipboardEvent('paste', {
        clipboardData: transfer(png('screenshot.png')),
        bubbles: true,
        cancelable: true,
      });
      messageBox(el).dispatchEvent(paste);
      await settle(el);
      expect(chips(el)).to.deep.equal(['screenshot.png']);
      expect(paste.defaultPrevented).to.equal(true);
    });

    it('refuses at once a file of another type, a file over the size limit, and the 11th file, naming file and rule', async () => {
      const agent = scriptedAgent(reply);
      const el = await chatWith(new RunStore({ agent }));
      pick(el, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      await settle(el);
      expect(alertText(el)).to.contain('notes.txt was not attached: text/plain is not a type');
      expect(chips(el)).to.deep.equal([]);

      el.setAttribute('max-attachment-bytes', '64');
      await settle(el);
      pick(el, png('big.png'));
      await settle(el);
      expect(alertText(el)).to.contain(
        'big.png was not attached: it is 70 B, over the limit of 64 B',
      );

      el.removeAttribute('max-attachment-bytes');
      el.maxAttachmentBytes = 10 * 1024 * 1024;
      await settle(el);
      pick(el, ...Array.from({ length: 11 }, (_, index) => pdf(`page-${index + 1}.pdf`)));
      await settle(el);
      expect(chips(el)).to.have.length(10);
      expect(alertText(el)).to.contain('page-11.pdf was not attached: at most 10 files');
      expect(agent.inputs).to.have.length(0);
      button(el, 'Dismiss').click();
      await settle(el);
      expect(alertText(el)).to.equal('');
    });

    it('refuses a file that cannot be read', async () => {
      const el = await chatWith(new RunStore({ agent: scriptedAgent(reply) }));
      const broken = png('gone.png');
      Object.defineProperty(broken, 'slice', {
        value: () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }),
      });
      pick(el, broken);
      await renderedUntil(el, () => alertText(el).includes('gone.png'));
      expect(alertText(el)).to.contain('gone.png was not attached: the file could not be read.');
      expect(chips(el)).to.deep.equal([]);
    });

    it('honours a custom accept list with wildcards', async () => {
      const el = await chatWith(new RunStore({ agent: scriptedAgent(reply) }), {
        accept: 'text/*',
      });
      pick(el, new File(['a'], 'a.txt', { type: 'text/plain' }), png());
      await settle(el);
      expect(chips(el)).to.deep.equal(['a.txt']);
      expect(alertText(el)).to.contain('dot.png was not attached');
    });
  });

  describe('sending', () => {
    it('sends AG-UI 1.0 parts to the endpoint: text first, then the files in order as plain base64 with metadata.filename', async () => {
      const key = `attachments-${Math.random().toString(36).slice(2)}`;
      const store = new RunStore({ endpoint: { url: `/__test/sse?key=${key}` } });
      const el = await chatWith(store);
      pick(el, png(), pdf());
      await type(el, 'What do these show?');
      button(el, 'Send').click();
      await waitForStatus(store, 'Completed', 'Failed');
      expect(store.getState().run.status).to.equal('Completed');
      const requests = (await (await fetch(`/__test/requests?key=${key}`)).json()) as {
        input: RunAgentInput;
      }[];
      expect(requests).to.have.length(1);
      const content = userContent(requests[0]?.input) as Record<string, unknown>[];
      const pdfBase64 = btoa('%PDF-1.4 synthetic');
      expect(content).to.deep.equal([
        { type: 'text', text: 'What do these show?' },
        {
          type: 'image',
          source: { type: 'data', value: PNG_BASE64, mimeType: 'image/png' },
          metadata: { filename: 'dot.png' },
        },
        {
          type: 'document',
          source: { type: 'data', value: pdfBase64, mimeType: 'application/pdf' },
          metadata: { filename: 'report.pdf' },
        },
      ]);
      expect((content[1]?.source as { value: string }).value).to.have.length(PNG_BASE64.length);
      // Sent: the composer is empty again, and the message shows what went.
      expect(chips(el)).to.deep.equal([]);
      expect(messageBox(el).value).to.equal('');
    });

    it('sends files without text, and keeps the parts as plain data through a JSON round trip', async () => {
      const agent = scriptedAgent(reply);
      const store = new RunStore({ agent, threadId: 't-files' });
      const el = await chatWith(store);
      pick(el, png());
      await settle(el);
      button(el, 'Send').click();
      await untilRuns(agent, 1);
      expect(userContent(agent.inputs[0])).to.deep.equal([
        {
          type: 'image',
          source: { type: 'data', value: PNG_BASE64, mimeType: 'image/png' },
          metadata: { filename: 'dot.png' },
        },
      ]);
      await waitForStatus(store, 'Completed');
      const saved = JSON.parse(JSON.stringify(store.getState())) as unknown;
      const restored = new RunStore({ restore: saved, agent: scriptedAgent(reply) });
      expect(restored.getState().messages).to.deep.equal(store.getState().messages);
      expect(
        restored
          .getState()
          .activity.map((entry) => entry.text)
          .join(),
      ).not.to.contain('could not be restored');
    });

    it('uploads through .uploadAttachment first, shows progress per file, and sends url sources', async () => {
      const agent = scriptedAgent(reply);
      const store = new RunStore({ agent });
      const calls: { name: string; signal: AbortSignal }[] = [];
      let progress: ((fraction: number) => void) | null = null;
      let finish: ((url: string) => void) | null = null;
      const upload: UploadAttachment = (file, { signal, onProgress }) => {
        calls.push({ name: file.name, signal });
        progress = onProgress;
        return new Promise((resolve) => {
          finish = resolve;
        });
      };
      const el = await chatWith(store, { uploadAttachment: upload });
      pick(el, png());
      await type(el, 'Uploaded');
      button(el, 'Send').click();
      await until(() => progress !== null);
      (progress as unknown as (fraction: number) => void)(0.5);
      await settle(el);
      const bar = inShadow<HTMLProgressElement>(el, 'progress');
      expect(bar.value).to.equal(0.5);
      expect(bar.getAttribute('aria-label')).to.equal('Uploading 50%');
      expect(buttonsNamed(el, 'Stop')).to.have.length(1);
      expect(agent.inputs).to.have.length(0);
      const stored = await fetch('/api/uploads', {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: bytesOf(PNG_BASE64),
      });
      const { url } = (await stored.json()) as { url: string };
      (finish as unknown as (url: string) => void)(new URL(url).pathname);
      await untilRuns(agent, 1);
      expect(calls.map((call) => call.name)).to.deep.equal(['dot.png']);
      expect(userContent(agent.inputs[0])).to.deep.equal([
        { type: 'text', text: 'Uploaded' },
        {
          type: 'image',
          source: {
            type: 'url',
            value: url,
            mimeType: 'image/png',
          },
          metadata: { filename: 'dot.png' },
        },
      ]);
    });

    it('uploads to the fixture store with the demo hook, sends the URL and shows the uploaded thumbnail', async () => {
      const agent = scriptedAgent(reply);
      const store = new RunStore({ agent });
      const el = await chatWith(store, { uploadAttachment: fixtureUpload() });
      pick(el, png());
      await settle(el);
      button(el, 'Send').click();
      await untilRuns(agent, 1);
      const [part] = userContent(agent.inputs[0]) as {
        source: { type: string; value: string };
      }[];
      expect(part?.source.type).to.equal('url');
      const served = await fetch(part?.source.value ?? '');
      expect(served.headers.get('content-type')).to.equal('image/png');
      expect(new Uint8Array(await served.arrayBuffer())).to.deep.equal(bytesOf(PNG_BASE64));
      await waitForStatus(store, 'Completed');
      await settle(el);
      const image = button(el, 'Open dot.png').querySelector('img') as HTMLImageElement;
      expect(image.getAttribute('src')).to.equal(part?.source.value);
      await until(() => image.complete);
      expect(image.naturalWidth).to.equal(1);
    });

    it('keeps the draft and the files when an upload fails, and says which file and why', async () => {
      const agent = scriptedAgent(reply);
      const el = await chatWith(new RunStore({ agent }), {
        uploadAttachment: () => Promise.reject(new Error('HTTP 503: storage is down')),
      });
      pick(el, png());
      await type(el, 'Keep me');
      button(el, 'Send').click();
      await renderedUntil(el, () => alertText(el).includes('Not sent'));
      expect(alertText(el)).to.contain(
        'Not sent: dot.png could not be uploaded (HTTP 503: storage is down)',
      );
      expect(messageBox(el).value).to.equal('Keep me');
      expect(chips(el)).to.deep.equal(['dot.png']);
      expect(agent.inputs).to.have.length(0);
      expect(buttonsNamed(el, 'Send')).to.have.length(1);
    });

    it('Stop cancels the uploads: the signal aborts, nothing is sent, draft and files stay', async () => {
      const agent = scriptedAgent(reply);
      let seen: AbortSignal | null = null;
      const el = await chatWith(new RunStore({ agent }), {
        uploadAttachment: (_file, { signal }) => {
          seen = signal;
          return new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(signal.reason));
          });
        },
      });
      pick(el, png());
      await type(el, 'Never mind');
      button(el, 'Send').click();
      await until(() => seen !== null);
      await settle(el);
      button(el, 'Stop').click();
      await renderedUntil(el, () => alertText(el).includes('Upload stopped'));
      expect((seen as unknown as AbortSignal).aborted).to.equal(true);
      expect(messageBox(el).value).to.equal('Never mind');
      expect(chips(el)).to.deep.equal(['dot.png']);
      expect(agent.inputs).to.have.length(0);
    });

    it('keeps the "start a new thread" offer when the agent answers 413', async () => {
      const url = `/__test/sse?${new URLSearchParams({
        key: 'attach-413',
        status: '413',
        json: JSON.stringify({ error: 'Request body is larger than 64 KiB' }),
      })}`;
      const store = new RunStore({ endpoint: { url } });
      const el = await chatWith(store);
      pick(el, png());
      await settle(el);
      button(el, 'Send').click();
      await waitForStatus(store, 'Failed');
      await settle(el);
      expect(buttonsNamed(el, 'Start a new thread')).to.have.length(1);
    });
  });

  describe('the transcript', () => {
    it('shows a sent image as a thumbnail that opens in an in-page dialog, other files as chips', async () => {
      const store = new RunStore({ agent: scriptedAgent(reply) });
      const el = await chatWith(store);
      pick(el, png(), pdf());
      await settle(el);
      button(el, 'Send').click();
      await waitForStatus(store, 'Completed');
      await settle(el);
      const thumbnail = button(el, 'Open dot.png');
      const image = thumbnail.querySelector('img') as HTMLImageElement;
      expect(image.getAttribute('src')).to.equal(`data:image/png;base64,${PNG_BASE64}`);
      const row = inShadow(el, '[data-role="user"]');
      expect(row.querySelector('.chip.sent')?.textContent).to.contain('report.pdf');
      expect(row.querySelectorAll('a')).to.have.length(0);
      const before = location.href;
      thumbnail.click();
      const dialog = inShadow<HTMLDialogElement>(el, 'dialog');
      await renderedUntil(el, () => dialog.open);
      expect(dialog.getAttribute('aria-label')).to.equal('dot.png');
      expect(dialog.querySelector('img')?.getAttribute('src')).to.equal(
        `data:image/png;base64,${PNG_BASE64}`,
      );
      await expect(el).to.be.accessible();
      button(el, 'Close').click();
      await renderedUntil(el, () => !dialog.open);
      expect(location.href).to.equal(before);
    });

    it('shows a restored message’s attachments the same way', async () => {
      const store = new RunStore({ agent: scriptedAgent(reply), threadId: 't-restore' });
      store.send('Look', {
        attachments: [
          {
            kind: 'attachment',
            media: 'image',
            name: 'dot.png',
            mimeType: 'image/png',
            size: 70,
            source: { type: 'data', value: PNG_BASE64, mimeType: 'image/png' },
          },
          {
            kind: 'attachment',
            media: 'document',
            name: 'big.pdf',
            mimeType: 'application/pdf',
            size: 9_000_000,
            omitted: true,
          },
        ],
      });
      await waitForStatus(store, 'Completed');
      const restored = new RunStore({ restore: JSON.parse(JSON.stringify(store.getState())) });
      const el = await chatWith(restored);
      expect(buttonsNamed(el, 'Open dot.png')).to.have.length(1);
      expect(inShadow(el, '.chip.sent').textContent).to.contain(
        'big.pdf (8.6 MiB) was not kept with the saved thread',
      );
    });

    it('never loads an image URL the agent chose without consent: a link by default, an image with allow-remote-images', async () => {
      const remote = 'https://images.example.test/chart.png';
      const script = (input: RunAgentInput): BaseEvent[] => [
        started(input),
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [
            {
              id: 'u1',
              role: 'user',
              content: [
                { type: 'text', text: 'their picture' },
                {
                  type: 'image',
                  source: { type: 'url', value: remote },
                  metadata: { filename: 'chart.png' },
                },
              ],
            },
            {
              id: 'a1',
              role: 'assistant',
              content: `Inline ![dot](data:image/png;base64,${PNG_BASE64}) remote ![chart](${remote}) raw <img src="${remote}">`,
            },
          ],
        } as BaseEvent,
        finished(input),
      ];
      const store = new RunStore({ agent: scriptedAgent(script) });
      const el = await chatWith(store);
      await type(el, 'Show me');
      button(el, 'Send').click();
      await waitForStatus(store, 'Completed');
      await renderedUntil(el, () => el.shadowRoot?.querySelector('.markdown') !== null);
      await renderedUntil(el, () => inShadow(el, '.markdown').querySelector('img') !== null);
      const markdownImages = () =>
        Array.from(inShadow(el, '.markdown').querySelectorAll('img')).map((img) =>
          img.getAttribute('src'),
        );
      expect(markdownImages()).to.deep.equal([`data:image/png;base64,${PNG_BASE64}`]);
      const links = Array.from(inShadow(el, '.markdown').querySelectorAll('a')).map((a) => a.href);
      expect(links).to.include(remote);
      const userRow = inShadow(el, '[data-role="user"]');
      expect(userRow.querySelectorAll('img')).to.have.length(0);
      expect(userRow.querySelector('a')?.getAttribute('href')).to.equal(remote);

      el.allowRemoteImages = true;
      await settle(el);
      await renderedUntil(el, () => markdownImages().length === 2);
      expect(markdownImages()).to.deep.equal([`data:image/png;base64,${PNG_BASE64}`, remote]);
      expect(inShadow(el, '[data-role="user"]').querySelector('img')?.getAttribute('src')).to.equal(
        remote,
      );
    });
  });

  describe('capabilities', () => {
    function capableAgent(answer: () => Promise<AgentCapabilities>): AgentLike & { asked: number } {
      const base = scriptedAgent(reply);
      const agent = {
        asked: 0,
        run: (input: RunAgentInput) => base.run(input),
        getCapabilities: () => {
          agent.asked += 1;
          return answer();
        },
      };
      return agent;
    }

    it('asks on first use, never at idle, and hides Attach files when the agent accepts no file', async () => {
      const agent = capableAgent(() =>
        Promise.resolve({ multimodal: { input: { image: false, pdf: false } } }),
      );
      const store = new RunStore({ agent });
      const el = await chatWith(store);
      await settle(el);
      expect(agent.asked).to.equal(0);
      expect(buttonsNamed(el, 'Attach files')).to.have.length(1);
      messageBox(el).focus();
      await until(() => store.getState().capabilities?.status === 'known');
      await settle(el);
      expect(agent.asked).to.equal(1);
      expect(buttonsNamed(el, 'Attach files')).to.have.length(0);
      messageBox(el).blur();
      messageBox(el).focus();
      await settle(el);
      expect(agent.asked).to.equal(1);
    });

    it('narrows accept to the types the agent takes', async () => {
      const agent = capableAgent(() => Promise.resolve({ multimodal: { input: { pdf: true } } }));
      const store = new RunStore({ agent });
      const el = await chatWith(store);
      store.requestCapabilities();
      await until(() => store.getState().capabilities?.status === 'known');
      await settle(el);
      expect(fileInput(el).accept).to.equal('application/pdf');
      pick(el, png(), pdf());
      await settle(el);
      expect(chips(el)).to.deep.equal(['report.pdf']);
    });

    it('notes a failing getCapabilities and lets accept decide', async () => {
      const agent = capableAgent(() => Promise.reject(new Error('no such route')));
      const store = new RunStore({ agent });
      const el = await chatWith(store);
      messageBox(el).focus();
      await until(() => store.getState().capabilities?.status === 'failed');
      await settle(el);
      expect(buttonsNamed(el, 'Attach files')).to.have.length(1);
      expect(
        store
          .getState()
          .activity.map((entry) => entry.text)
          .join('\n'),
      ).to.contain('capabilities could not be read (ignored): no such route');
    });
  });

  it('is accessible with files, refusals and a sent attachment', async () => {
    const store = new RunStore({ agent: scriptedAgent(reply) });
    const el = await chatWith(store);
    pick(el, png());
    await settle(el);
    button(el, 'Send').click();
    await waitForStatus(store, 'Completed');
    pick(el, pdf(), new File(['x'], 'x.txt', { type: 'text/plain' }));
    await settle(el);
    expect(chips(el)).to.deep.equal(['report.pdf']);
    await expect(el).to.be.accessible();
  });
});
