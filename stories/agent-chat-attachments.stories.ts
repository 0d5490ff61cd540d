import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import { html, type TemplateResult } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import type { UploadAttachment } from '../components/agent-chat/attachment-tray.js';
import { createReplayAgent } from '../src/fixtures/replay-agent.js';
import { RunStore } from '../src/store/run-store.js';
import type { AttachmentPart } from '../src/store/types.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const stores = new Map<string, Set<RunStore>>();

/** The prepared recipe in the page (it names the files it gets and says it cannot look inside them). */
function recipeStore(context: StoryContext<Args>): RunStore {
  const store = new RunStore({ agent: createReplayAgent({ timeScale: 0 }) });
  const own = stores.get(context.id) ?? new Set<RunStore>();
  own.add(store);
  stores.set(context.id, own);
  return store;
}

/** A small synthetic chart as PNG bytes, drawn in the page (no asset files). */
function chartPng(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 100;
  const g = canvas.getContext('2d');
  if (g) {
    g.fillStyle = '#f5f6f8';
    g.fillRect(0, 0, 160, 100);
    g.strokeStyle = '#1d4ed8';
    g.lineWidth = 3;
    g.beginPath();
    [30, 34, 31, 38, 52, 70, 66, 74].forEach((y, index) => g.lineTo(10 + index * 20, 100 - y));
    g.stroke();
  }
  return canvas.toDataURL('image/png').split(',')[1] ?? '';
}

function fileOfBase64(base64: string, name: string, type: string): File {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new File([bytes], name, { type });
}

const runbook = () =>
  new File(['%PDF-1.4 synthetic runbook'], 'api-latency-runbook.pdf', { type: 'application/pdf' });

function chatOf(canvas: HTMLElement): AgentChat {
  const chat = canvas.querySelector<AgentChat>('agent-chat');
  if (!chat) throw new Error('No <agent-chat>');
  return chat;
}

/** What a person does with Attach files: the file input gets the files. */
async function pick(canvas: HTMLElement, ...files: File[]): Promise<void> {
  const chat = chatOf(canvas);
  await chat.updateComplete;
  await waitFor(() => expect(chat.shadowRoot?.querySelector('input[type="file"]')).toBeTruthy());
  const input = chat.shadowRoot?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) return;
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  input.files = data.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function chipNames(canvas: HTMLElement): string[] {
  return [...(chatOf(canvas).shadowRoot?.querySelectorAll('.chips .chip') ?? [])].map(
    (chip) => chip.getAttribute('data-name') ?? '',
  );
}

function chat(
  args: Args,
  context: StoryContext<Args>,
  upload: UploadAttachment | null = null,
): TemplateResult {
  return html`<agent-chat
    ${manifestArgs('agent-chat', args)}
    .store=${recipeStore(context)}
    .uploadAttachment=${upload}
  ></agent-chat>`;
}

const meta: Meta<Args> = {
  title: 'Elements/agent-chat/Attachments',
  component: 'agent-chat',
  argTypes: manifestArgTypes('agent-chat'),
  beforeEach: (context) => () => {
    for (const store of stores.get(context.id) ?? []) store.dispose();
    stores.delete(context.id);
  },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Attach files, drop or paste: each pending file is a chip with its name, size, a preview for images and ' +
          'Remove <name>. Files outside `accept` or `max-attachment-bytes` (or past 10) are refused at once, naming ' +
          'the file and the rule. Sent files go as AG-UI 1.0 content parts; the transcript shows thumbnails that ' +
          'open in an in-page dialog. The prepared recipe answers in the page and only names what it received.',
      },
    },
  },
};
export default meta;

/** Two files waiting in the composer: an image with its preview and a PDF. */
export const ComposerWithFiles: Story = {
  name: 'Composer with files',
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    await pick(
      canvasElement,
      fileOfBase64(chartPng(), 'latency-chart.png', 'image/png'),
      runbook(),
    );
    await waitFor(() =>
      expect(chipNames(canvasElement)).toEqual(['latency-chart.png', 'api-latency-runbook.pdf']),
    );
  },
};

/** Files dragged over the composer: an outline and "Drop files to attach" until they are dropped or leave. */
export const DraggingFiles: Story = {
  name: 'Dragging files over the composer',
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    const element = chatOf(canvasElement);
    await element.updateComplete;
    const data = new DataTransfer();
    data.items.add(runbook());
    const form = element.shadowRoot?.querySelector('form');
    form?.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true }));
    await waitFor(() =>
      expect(element.shadowRoot?.querySelector('.drop-hint')?.textContent).toBe(
        'Drop files to attach',
      ),
    );
  },
};

/** A type the chat does not accept and a file over the limit, refused with the rule each broke. */
export const RefusedFiles: Story = {
  name: 'Refused files',
  args: { 'max-attachment-bytes': 1024 },
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    await pick(
      canvasElement,
      new File(['name,latency\napi,145'], 'measurements.csv', { type: 'text/csv' }),
      new File([new Uint8Array(4096)], 'big-screenshot.png', { type: 'image/png' }),
      runbook(),
    );
    await waitFor(() =>
      expect(
        chatOf(canvasElement).shadowRoot?.querySelector('[role="alert"]')?.textContent,
      ).toMatch(/measurements\.csv was not attached/),
    );
  },
};

/** Uploading through `.uploadAttachment`: a progress bar per file, and Stop in place of Send. */
export const Uploading: Story = {
  render: (args, context) =>
    chat(args, context, (_file, { signal, onProgress }) => {
      onProgress(0.4);
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    }),
  play: async ({ canvasElement }) => {
    await pick(canvasElement, fileOfBase64(chartPng(), 'latency-chart.png', 'image/png'));
    const element = chatOf(canvasElement);
    await waitFor(() => expect(chipNames(canvasElement)).toHaveLength(1));
    const send = element.shadowRoot?.querySelector<HTMLButtonElement>(
      'button[part~="send-button"]',
    );
    send?.click();
    await waitFor(() => expect(element.shadowRoot?.querySelector('progress')).toBeTruthy());
  },
};

function sentStore(context: StoryContext<Args>): RunStore {
  const store = recipeStore(context);
  const attachments: AttachmentPart[] = [
    {
      kind: 'attachment',
      media: 'image',
      name: 'latency-chart.png',
      mimeType: 'image/png',
      size: 2400,
      source: { type: 'data', value: chartPng(), mimeType: 'image/png' },
    },
    {
      kind: 'attachment',
      media: 'document',
      name: 'api-latency-runbook.pdf',
      mimeType: 'application/pdf',
      size: 26,
      source: {
        type: 'data',
        value: btoa('%PDF-1.4 synthetic runbook'),
        mimeType: 'application/pdf',
      },
    },
  ];
  store.send('Here is the chart and the runbook.', { attachments });
  return store;
}

/** A sent message with a thumbnail (opens in an in-page dialog) and a file chip; the recipe names both. */
export const SentAttachments: Story = {
  name: 'Sent attachments',
  render: (args, context) =>
    html`<agent-chat
      ${manifestArgs('agent-chat', args)}
      .store=${sentStore(context)}
    ></agent-chat>`,
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(
          chatOf(canvasElement).shadowRoot?.querySelector('[part~="attachment-thumbnail"]'),
        ).toBeTruthy(),
      { timeout: 5000 },
    );
  },
};

export const SentAttachmentsDark: Story = {
  name: 'Sent attachments (dark)',
  args: { theme: 'dark' },
  render: (args, context) => onDarkPage(SentAttachments.render!(args, context) as TemplateResult),
};

/** Files at the width of a phone (390 px): chips wrap, nothing scrolls sideways. */
export const NarrowWithFiles: Story = {
  name: 'Files at 390 px',
  render: (args, context) => atPhoneWidth(chat(args, context)),
  play: async ({ canvasElement }) => {
    await pick(
      canvasElement,
      fileOfBase64(chartPng(), 'latency-chart-cell-1-last-24-hours.png', 'image/png'),
      runbook(),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    await waitFor(() => expect(chipNames(canvasElement)).toHaveLength(2));
    const wrapper = canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};
