// The in-page side of the parts end-to-end test, bundled into one classic script served from 'self' and run before
// the bundle: the page's own Prism and `<code class="language-js">` (which the chat must leave alone), a violation
// log, and a scripted agent that streams the user's own message back as the answer, a few characters a frame,
// recording how its code blocks look while they grow.
import { Observable } from 'rxjs';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import type { RunStore } from '../../src/store/run-store.js';
import { deepElements } from '../support/xss-payloads.js';

/** One code block as a person sees it. */
export interface ShownBlock {
  readonly language: string;
  readonly text: string;
  /** The colour groups of its runs, in order. */
  readonly groups: string[];
  readonly note: string | null;
}

/** How the first code block looked at one frame of the stream. */
export interface StreamFrame {
  readonly length: number;
  readonly coloured: number;
}

export interface PartsHarness {
  /** Every `securitypolicyviolation` the document saw. */
  readonly reports: string[];
  /** Sends `text`, which the agent streams back `chunk` characters a frame; resolves with the run's end status. */
  send(text: string, chunk?: number): Promise<string>;
  /** The first code block at every frame of the last answer. */
  readonly frames: StreamFrame[];
  /** Whether the first line of the last answer's first code block kept the nodes it had once it was finished. */
  firstLineKept(): boolean;
  blocks(): ShownBlock[];
  /** The answers' texts. */
  answers(): string[];
  /** Whether the page's own Prism and code block are as the page left them. */
  pageUntouched(): boolean;
  /**
   * Gives the chat a `.speak` answering a short WAV (recording what it was asked and which URLs played) and a
   * `.transcribe` (so Dictate shows).
   */
  speakWithHook(): void;
  /** The voice notes shown: the composer's and those beside Read aloud. */
  voiceNotes(): string[];
  /** What `.speak` was asked to read, and the `src` of every audio element that started playing. */
  spoken(): { readonly texts: string[]; readonly played: string[] };
}

declare global {
  interface Window {
    Prism?: unknown;
    partsHarness?: PartsHarness;
  }
}

const reports: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  reports.push(`${event.violatedDirective} ${event.blockedURI}`);
});

// The page's own highlighter and code: the chat's private Prism must never touch either.
const pagePrism = { page: 'own', manual: false };
window.Prism = pagePrism;
const chunks = new URLSearchParams(location.search).get('chunks');
if (chunks) window.AGUI_ELEMENTS_CHUNKS = chunks;
const PAGE_CODE = 'const page = "own";';
document.addEventListener('DOMContentLoaded', () => {
  // Built node by node: the Trusted Types page forbids `innerHTML` from the page as much as from anyone.
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  code.className = 'language-js';
  code.textContent = PAGE_CODE;
  pre.id = 'page-code';
  pre.append(code);
  document.body.append(pre);
});

const frame = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

function matching(selector: string): Element[] {
  return deepElements(document).filter((element) => element.matches(selector));
}

function firstCode(): Element | undefined {
  return matching('.code-block pre code')[0];
}

let frames: StreamFrame[] = [];
let firstLine: Element[] | null = null;

/** Records the first block at this frame, and its first line's runs once that line is finished. */
function observe(): void {
  const code = firstCode();
  if (!code) return;
  const spans = [...code.querySelectorAll('span')];
  frames.push({ length: code.textContent?.length ?? 0, coloured: spans.length });
  if (firstLine || spans.length === 0 || !(code.textContent ?? '').includes('\n')) return;
  let text = '';
  const runs: Element[] = [];
  for (const node of code.childNodes) {
    text += node.textContent ?? '';
    if (node instanceof Element) runs.push(node);
    if (text.includes('\n')) break;
  }
  firstLine = runs;
}

/** Whether the first block shows a line but neither colours nor a note yet (the highlighter is on its way). */
function waiting(): boolean {
  const code = firstCode();
  return (
    firstLine === null &&
    (code?.textContent ?? '').includes('\n') &&
    matching('.code-note').length === 0
  );
}

function lastUserText(input: RunAgentInput): string {
  const last = [...input.messages].reverse().find((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

let chunkSize = 1_000_000;

const agent = {
  run(input: RunAgentInput) {
    return new Observable<BaseEvent>((subscriber) => {
      let cancelled = false;
      void (async () => {
        const text = lastUserText(input);
        subscriber.next({
          type: 'RUN_STARTED',
          threadId: input.threadId,
          runId: input.runId,
        } as BaseEvent);
        subscriber.next({
          type: 'TEXT_MESSAGE_START',
          messageId: input.runId,
          role: 'assistant',
        } as BaseEvent);
        let wait = 0;
        for (let at = 0; at < text.length && !cancelled; at += chunkSize) {
          subscriber.next({
            type: 'TEXT_MESSAGE_CONTENT',
            messageId: input.runId,
            delta: text.slice(at, at + chunkSize),
          } as BaseEvent);
          await frame();
          observe();
          // Once the first line is shown, give the highlighter time to arrive (it loads with this first fence).
          while (waiting() && wait < 300) {
            wait += 1;
            await frame();
            observe();
          }
        }
        if (cancelled) return;
        subscriber.next({ type: 'TEXT_MESSAGE_END', messageId: input.runId } as BaseEvent);
        subscriber.next({
          type: 'RUN_FINISHED',
          threadId: input.threadId,
          runId: input.runId,
        } as BaseEvent);
        subscriber.complete();
      })();
      return () => {
        cancelled = true;
      };
    });
  },
  abortRun() {},
};

function store(): RunStore {
  const run = document.querySelector('agent-run') as (Element & { store: RunStore }) | null;
  if (!run) throw new Error('The page has no <agent-run>.');
  return run.store;
}

window.partsHarness = {
  reports,
  get frames() {
    return frames;
  },
  send(text, chunk = 1_000_000) {
    chunkSize = chunk;
    frames = [];
    firstLine = null;
    const target = store();
    const number = target.getState().run.number + 1;
    return new Promise<string>((resolve) => {
      const subscription = target.state$.subscribe((state) => {
        if (state.run.number !== number || ['Connecting', 'Streaming'].includes(state.run.status))
          return;
        queueMicrotask(() => subscription.unsubscribe());
        // Two frames: the chat renders once a frame.
        void frame().then(() => resolve(state.run.status));
      });
      target.send(text);
    });
  },
  firstLineKept() {
    const code = firstCode();
    if (!firstLine || !code) return false;
    const now = [...code.querySelectorAll('span')].slice(0, firstLine.length);
    return firstLine.every((span, index) => span.isConnected && now[index] === span);
  },
  blocks: () =>
    matching('.code-block').map((block) => ({
      language: block.querySelector('.code-language')?.textContent ?? '',
      text: block.querySelector('pre')?.textContent ?? '',
      groups: [...block.querySelectorAll('pre code span')].map((span) => span.className),
      note: block.querySelector('.code-note')?.textContent?.trim() ?? null,
    })),
  answers: () => matching('.markdown').map((element) => element.textContent ?? ''),
  speakWithHook() {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this.src);
      return play.call(this);
    };
    const chat = document.querySelector('agent-chat') as
      (Element & { speak: unknown; transcribe: unknown }) | null;
    if (chat) {
      chat.speak = async (text: string) => {
        spokenTexts.push(text);
        return toneWav();
      };
      chat.transcribe = async () => 'words';
    }
  },
  voiceNotes: () =>
    matching('[part~="dictation-note"], [part~="read-aloud-note"]').map((note) =>
      (note.textContent ?? '').replace(/\s+/g, ' ').trim(),
    ),
  spoken: () => ({ texts: [...spokenTexts], played: [...played] }),
  pageUntouched: () =>
    window.Prism === pagePrism &&
    pagePrism.manual === false &&
    Object.keys(pagePrism).length === 2 &&
    document.getElementById('page-code')?.innerHTML ===
      `<code class="language-js">${PAGE_CODE}</code>`,
};

const spokenTexts: string[] = [];
const played: string[] = [];

/** A tenth of a second of a quiet tone as WAV bytes (8 kHz, 16-bit mono). */
function toneWav(): Blob {
  const samples = 800;
  const view = new DataView(new ArrayBuffer(44 + samples * 2));
  const ascii = (at: number, text: string) =>
    [...text].forEach((char, index) => view.setUint8(at + index, char.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVEfmt ');
  [16, 1, 1].forEach((value, index) =>
    index === 0 ? view.setUint32(16, value, true) : view.setUint16(18 + index * 2, value, true),
  );
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let index = 0; index < samples; index += 1) {
    view.setInt16(44 + index * 2, Math.round(Math.sin(index / 4) * 3000), true);
  }
  return new Blob([view.buffer], { type: 'audio/wav' });
}

/** Sets the agent once the provider is defined (the ES bundle defines it when its module runs). */
void customElements.whenDefined('agent-run').then(() => {
  const run = document.querySelector('agent-run') as (Element & { agent: unknown }) | null;
  if (run) run.agent = agent;
  document.documentElement.dataset.partsReady = 'true';
});
