import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import type { UploadAttachment } from '../components/agent-chat/attachment-tray.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, scriptedAgent, started, untilRuns, waitForStatus } from './support/agents.js';
import { button, messageBox, settle } from './support/chat.js';
import { allInShadow, inShadow, until } from './support/elements.js';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const png = (name = 'dot.png') =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], name, {
    type: 'image/png',
  });

function transfer(...files: File[]): DataTransfer {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  return data;
}

function pick(chat: AgentChat, ...files: File[]): void {
  const input = inShadow<HTMLInputElement>(chat, 'input[type="file"]');
  input.files = transfer(...files).files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const chips = (chat: AgentChat) =>
  allInShadow(chat, '.chips .chip').map((chip) => chip.getAttribute('data-name') ?? '');
const composer = (chat: AgentChat) => inShadow<HTMLFormElement>(chat, 'form[part~="composer"]');
const hint = (chat: AgentChat) => composer(chat).querySelector<HTMLElement>('.drop-hint');
const dropText = (chat: AgentChat) => hint(chat)?.textContent ?? '';
/** The drop target's frame: none while nothing is dragged over. */
const frame = (chat: AgentChat) => {
  const node = hint(chat);
  return node ? getComputedStyle(node).borderTopStyle : 'none';
};
const reply = (input: RunAgentInput): BaseEvent[] => [started(input), finished(input)];

function drag(target: EventTarget, type: string, data: DataTransfer | null, to?: EventTarget) {
  const event = new DragEvent(type, {
    dataTransfer: data,
    bubbles: true,
    cancelable: true,
    composed: true,
    relatedTarget: to ?? null,
  });
  target.dispatchEvent(event);
  return event;
}

async function chatWith(store: RunStore, extra: Partial<AgentChat> = {}): Promise<AgentChat> {
  const el = await fixture<AgentChat>(
    html`<agent-chat .store=${store} .prompts=${['Summarise the files']}></agent-chat>`,
  );
  Object.assign(el, extra);
  await settle(el);
  return el;
}

function userContent(input: RunAgentInput | undefined): unknown {
  return (input?.messages ?? []).filter((message) => message.role === 'user').pop()?.content;
}

describe('<agent-chat> composer: the drop target', () => {
  afterEach(async () => {
    await emulateMedia({ forcedColors: 'none', colorScheme: 'light' });
    await setViewport({ width: 800, height: 600 });
  });

  it('shows "Drop files to attach" in a dashed frame while files are dragged over it, not for dragged text', async () => {
    const el = await chatWith(new RunStore({ agent: scriptedAgent(reply) }));
    const form = composer(el);
    drag(
      form,
      'dragenter',
      (() => {
        const text = new DataTransfer();
        text.setData('text/plain', 'just words');
        return text;
      })(),
    );
    await settle(el);
    expect(dropText(el)).to.equal('');
    expect(frame(el)).to.equal('none');

    drag(messageBox(el), 'dragenter', transfer(png()));
    await settle(el);
    expect(dropText(el)).to.equal('Drop files to attach');
    expect(frame(el)).to.equal('dashed');
    // Moving onto something inside the composer keeps it; the drop ends it and attaches the file.
    drag(form, 'dragleave', transfer(png()), messageBox(el));
    await settle(el);
    expect(dropText(el)).to.equal('Drop files to attach');
    drag(form, 'drop', transfer(png('dropped.png')));
    await settle(el);
    expect(dropText(el)).to.equal('');
    expect(frame(el)).to.equal('none');
    expect(chips(el)).to.deep.equal(['dropped.png']);
  });

  it('ends on dragleave out of the composer, on dragend, and when the drag leaves the window', async () => {
    const el = await chatWith(new RunStore({ agent: scriptedAgent(reply) }));
    const form = composer(el);
    const showing = async () => {
      drag(form, 'dragover', transfer(png()));
      await settle(el);
      expect(dropText(el)).to.equal('Drop files to attach');
    };
    await showing();
    drag(form, 'dragleave', transfer(png()), document.body);
    await settle(el);
    expect(dropText(el)).to.equal('');
    await showing();
    drag(document.body, 'dragend', null);
    await settle(el);
    expect(dropText(el)).to.equal('');
    await showing();
    // Leaving the window: the last dragleave points at nothing.
    drag(document.body, 'dragleave', transfer(png()));
    await settle(el);
    expect(dropText(el)).to.equal('');
    expect(chips(el)).to.deep.equal([]);
  });

  it('keeps the drop target visible in dark mode, in forced colours and at 390 px, and passes axe', async () => {
    const el = await chatWith(new RunStore({ agent: scriptedAgent(reply) }), { theme: 'dark' });
    await setViewport({ width: 390, height: 844 });
    drag(composer(el), 'dragenter', transfer(png()));
    await settle(el);
    const form = composer(el);
    const shown = hint(el) as HTMLElement;
    expect(getComputedStyle(shown).borderTopColor).to.equal('rgb(138, 180, 255)');
    expect(getComputedStyle(shown).color).to.equal('rgb(232, 234, 238)');
    const box = shown.getBoundingClientRect();
    expect(box.width).to.be.greaterThan(0);
    expect(box.right).to.be.at.most(390);
    expect(shown.scrollWidth).to.be.at.most(shown.clientWidth);
    expect(box.left).to.be.at.least(form.getBoundingClientRect().left);
    await expect(el).to.be.accessible();
    await emulateMedia({ forcedColors: 'active' });
    expect(frame(el)).to.equal('dashed');
    // A system colour in forced colours, not the theme's accent.
    expect(getComputedStyle(shown).borderTopColor).not.to.equal('rgb(138, 180, 255)');
    expect(dropText(el)).to.equal('Drop files to attach');
  });
});

describe('<agent-chat> composer: a preset prompt with pending files', () => {
  it('sends the files with the prompt to the endpoint, as Send would', async () => {
    const key = `prompt-files-${Math.random().toString(36).slice(2)}`;
    const store = new RunStore({ endpoint: { url: `/__test/sse?key=${key}` } });
    const el = await chatWith(store);
    pick(el, png());
    await settle(el);
    button(el, 'Summarise the files').click();
    await waitForStatus(store, 'Completed', 'Failed');
    expect(store.getState().run.status).to.equal('Completed');
    const requests = (await (await fetch(`/__test/requests?key=${key}`)).json()) as {
      input: RunAgentInput;
    }[];
    expect(requests).to.have.length(1);
    expect(userContent(requests[0]?.input)).to.deep.equal([
      { type: 'text', text: 'Summarise the files' },
      {
        type: 'image',
        source: { type: 'data', value: PNG_BASE64, mimeType: 'image/png' },
        metadata: { filename: 'dot.png' },
      },
    ]);
    await settle(el);
    expect(chips(el)).to.deep.equal([]);
  });

  it('goes through the upload hook and the message-send veto like Send; a veto keeps the files', async () => {
    const agent = scriptedAgent(reply);
    const uploaded: string[] = [];
    const upload: UploadAttachment = async (file) => {
      uploaded.push(file.name);
      return `https://files.example/${file.name}`;
    };
    const el = await chatWith(new RunStore({ agent }), { uploadAttachment: upload });
    pick(el, png('shot.png'));
    await settle(el);
    const veto = (event: Event) => event.preventDefault();
    el.addEventListener('message-send', veto, { once: true });
    button(el, 'Summarise the files').click();
    await settle(el);
    expect(uploaded).to.deep.equal([]);
    expect(chips(el)).to.deep.equal(['shot.png']);
    button(el, 'Summarise the files').click();
    await untilRuns(agent, 1);
    expect(uploaded).to.deep.equal(['shot.png']);
    expect(userContent(agent.inputs[0])).to.deep.equal([
      { type: 'text', text: 'Summarise the files' },
      {
        type: 'image',
        source: { type: 'url', value: 'https://files.example/shot.png', mimeType: 'image/png' },
        metadata: { filename: 'shot.png' },
      },
    ]);
    await until(() => chips(el).length === 0);
  });
});
