import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import { html, type TemplateResult } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { createReplayAgent } from '../src/fixtures/replay-agent.js';
import { RunStore } from '../src/store/run-store.js';
import type { Speak, Transcribe } from '../src/voice/types.js';
import { atPhoneWidth } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const stores = new Map<string, Set<RunStore>>();
const QUESTION = 'Why is API latency up?';

function recipeStore(context: StoryContext<Args>): RunStore {
  const store = new RunStore({ agent: createReplayAgent({ timeScale: 0 }) });
  const own = stores.get(context.id) ?? new Set<RunStore>();
  own.add(store);
  stores.set(context.id, own);
  return store;
}

/** A speech-to-text that hears the prepared question (as the fixture's `POST /api/transcribe` does). */
const hearsQuestion: Transcribe = async () => QUESTION;

function chat(
  args: Args,
  context: StoryContext<Args>,
  voice: { transcribe?: Transcribe | null; speak?: Speak | null } = {},
): TemplateResult {
  return html`<agent-chat
    ${manifestArgs('agent-chat', args)}
    .store=${recipeStore(context)}
    .transcribe=${voice.transcribe === undefined ? hearsQuestion : voice.transcribe}
    .speak=${voice.speak ?? null}
  ></agent-chat>`;
}

function chatOf(canvas: HTMLElement): AgentChat {
  const element = canvas.querySelector<AgentChat>('agent-chat');
  if (!element) throw new Error('No <agent-chat>');
  return element;
}

/** The chat's button with exactly this name (its visible or visually hidden text). */
function buttonNamed(canvas: HTMLElement, name: string): HTMLButtonElement | undefined {
  return [...(chatOf(canvas).shadowRoot?.querySelectorAll('button') ?? [])].find(
    (button) => button.textContent?.replace(/\s+/g, ' ').trim() === name,
  );
}

async function press(canvas: HTMLElement, name: string): Promise<void> {
  await waitFor(() => expect(buttonNamed(canvas, name)).toBeTruthy());
  buttonNamed(canvas, name)?.click();
}

const noteOf = (canvas: HTMLElement) =>
  chatOf(canvas).shadowRoot?.querySelector('[part~="dictation-note"]')?.textContent ?? '';

/** Replaces a property for one story; the returned function (Storybook's cleanup) puts it back. */
function stub<T extends object>(target: T, key: PropertyKey, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
  return () => {
    if (own) Object.defineProperty(target, key, own);
    else Reflect.deleteProperty(target, key);
  };
}

/** A stand-in microphone: a quiet tone from an AudioContext, so the story records without a device or a prompt. */
function toneMicrophone(): () => void {
  return stub(navigator.mediaDevices, 'getUserMedia', async () => {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    gain.gain.value = 0.2;
    const destination = context.createMediaStreamDestination();
    oscillator.connect(gain).connect(destination);
    oscillator.start();
    return destination.stream;
  });
}

const refusingMicrophone = (name: string, message: string) => () =>
  stub(navigator.mediaDevices, 'getUserMedia', () =>
    Promise.reject(new DOMException(message, name)),
  );

/** A browser recognizer that hears a few words and keeps guessing the rest (interim, greyed). */
class StoryRecognition extends EventTarget {
  lang = '';
  continuous = false;
  interimResults = false;

  start(): void {
    const result = (words: string, isFinal: boolean) =>
      Object.assign([{ transcript: words, confidence: 0.9 }], { isFinal });
    setTimeout(() => {
      const event = Object.assign(new Event('result'), {
        resultIndex: 0,
        results: [result('Why is', true), result('API latency', false)],
      });
      this.dispatchEvent(event);
    }, 50);
  }

  stop(): void {
    setTimeout(() => this.dispatchEvent(new Event('end')), 10);
  }

  abort(): void {
    this.stop();
  }
}

/** A speechSynthesis that never finishes by itself (offline browsers have no voices): the story stays speaking. */
class StorySynthesis {
  getVoices(): SpeechSynthesisVoice[] {
    return [];
  }

  speak(): void {
    // Speaking until cancelled.
  }

  cancel(): void {
    // Nothing queued to drop.
  }
}

async function answered(canvas: HTMLElement): Promise<void> {
  const element = chatOf(canvas);
  await element.updateComplete;
  element.store?.send(QUESTION);
  await waitFor(() => expect(buttonNamed(canvas, 'Read aloud')).toBeTruthy(), { timeout: 8000 });
}

const meta: Meta<Args> = {
  title: 'Elements/agent-chat/Voice',
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
          'Dictate shows when the page sets `.transcribe` (its own speech-to-text) or `dictation="browser"` (the ' +
          "browser's engine, which may send audio to the browser's vendor). While recording: Stop dictation, the " +
          'elapsed time and a Microphone level meter; Escape cancels. The words land in the draft for review. ' +
          'Read aloud speaks a finished answer with `speechSynthesis` or the page’s `.speak`. These stories stand ' +
          'in for the microphone and the speech engines, so they run anywhere.',
      },
    },
  },
};
export default meta;

/** The composer with Dictate beside Send. */
export const DictateButton: Story = {
  name: 'Dictate',
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(buttonNamed(canvasElement, 'Dictate')).toBeTruthy());
  },
};

/** Recording: Stop dictation, the elapsed time and the Microphone level meter. */
export const Recording: Story = {
  name: 'Recording',
  beforeEach: toneMicrophone,
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await waitFor(() => expect(buttonNamed(canvasElement, 'Stop dictation')).toBeTruthy());
    const meter = chatOf(canvasElement).shadowRoot?.querySelector('[role="meter"]');
    await expect(meter?.getAttribute('aria-label')).toBe('Microphone level');
  },
};

/** Stopped: the recording is being turned into words (the page's hook has not answered yet). */
export const Transcribing: Story = {
  name: 'Transcribing',
  beforeEach: toneMicrophone,
  render: (args, context) =>
    chat(args, context, { transcribe: () => new Promise<string>(() => undefined) }),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await press(canvasElement, 'Stop dictation');
    await waitFor(() =>
      expect(chatOf(canvasElement).shadowRoot?.textContent).toContain(
        'Turning the recording into words',
      ),
    );
  },
};

/** The words landed in the draft, not sent. */
export const WordsInTheDraft: Story = {
  name: 'Words in the draft',
  beforeEach: toneMicrophone,
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await press(canvasElement, 'Stop dictation');
    await waitFor(() =>
      expect(chatOf(canvasElement).shadowRoot?.querySelector('textarea')?.value).toBe(QUESTION),
    );
  },
};

/** The page's speech-to-text failed: the recording is kept, Try again sends it again. */
export const TranscriptionFailed: Story = {
  name: 'Transcription failed (Try again)',
  beforeEach: toneMicrophone,
  render: (args, context) =>
    chat(args, context, {
      transcribe: async () => {
        throw new Error('the speech service is unavailable');
      },
    }),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await press(canvasElement, 'Stop dictation');
    await waitFor(() => expect(buttonNamed(canvasElement, 'Try again')).toBeTruthy());
  },
};

/** The microphone is blocked for this page: how to allow it. */
export const PermissionDenied: Story = {
  name: 'Microphone blocked',
  beforeEach: refusingMicrophone('NotAllowedError', 'Permission denied'),
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await waitFor(() => expect(noteOf(canvasElement)).toContain('allow the microphone'));
  },
};

/** No microphone is connected. */
export const NoMicrophone: Story = {
  name: 'No microphone',
  beforeEach: refusingMicrophone('NotFoundError', 'Requested device not found'),
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await waitFor(() => expect(noteOf(canvasElement)).toContain('No microphone'));
  },
};

/** An http:// page: browsers give it no microphone. */
export const InsecurePage: Story = {
  name: 'Insecure page',
  beforeEach: () => stub(window, 'isSecureContext', false),
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await waitFor(() => expect(noteOf(canvasElement)).toContain('secure page'));
  },
};

/** The browser's engine: final words in the draft, the rest greyed until final. */
export const BrowserEngineInterim: Story = {
  name: 'Browser engine: interim words',
  beforeEach: () => {
    const puts = [
      stub(window, 'SpeechRecognition', StoryRecognition),
      stub(window, 'webkitSpeechRecognition', StoryRecognition),
    ];
    return () => puts.forEach((put) => put());
  },
  render: (args, context) =>
    html`<agent-chat
      ${manifestArgs('agent-chat', args)}
      .store=${recipeStore(context)}
      dictation="browser"
    ></agent-chat>`,
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await waitFor(() =>
      expect(
        chatOf(canvasElement).shadowRoot?.querySelector('[part~="interim"]')?.textContent,
      ).toBe('API latency'),
    );
  },
};

/** A finished answer offers Read aloud. */
export const ReadAloud: Story = {
  name: 'Read aloud',
  render: (args, context) => chat(args, context),
  play: async ({ canvasElement }) => answered(canvasElement),
};

/** Reading an answer: its button says Stop reading. */
export const Reading: Story = {
  name: 'Reading',
  beforeEach: () => stub(window, 'speechSynthesis', new StorySynthesis()),
  render: (args, context) =>
    chat(args, context, { speak: () => new Promise<void>(() => undefined) }),
  play: async ({ canvasElement }) => {
    await answered(canvasElement);
    await press(canvasElement, 'Read aloud');
    await waitFor(() => expect(buttonNamed(canvasElement, 'Stop reading')).toBeTruthy());
  },
};

/** Recording at the width of a phone (390 px). */
export const NarrowRecording: Story = {
  name: 'Recording at 390 px',
  beforeEach: toneMicrophone,
  render: (args, context) => atPhoneWidth(chat(args, context)),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Dictate');
    await waitFor(() => expect(buttonNamed(canvasElement, 'Stop dictation')).toBeTruthy());
    const wrapper = canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};
