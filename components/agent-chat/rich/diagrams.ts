// The diagrams part (loaded with the first finished `mermaid` fence when `rich-content="mermaid"`): a hidden,
// sandboxed frame at chunks/diagram-frame.html draws each diagram with Mermaid and sends back the SVG as text. The
// frame is a real URL beside this part (or under `window.AGUI_ELEMENTS_CHUNKS`), so it has its own response headers
// and none of the page's policy; the page only ever gets text, shown as an image.
import { PartLoadError } from '../../parts/part-loading.js';

/** How a diagram is drawn: the chat's theme, or a plain high-contrast one under forced colours. */
export type DiagramTheme = 'light' | 'dark' | 'contrast';

/** A drawn diagram (its SVG text and its accessible title and description), or Mermaid's message. */
export type DrawnDiagram =
  | { readonly svg: string; readonly title: string; readonly description: string }
  | { readonly error: string };

/**
 * How long the frame may take to say it is there (its page and our small script), Mermaid to load in it (1.5 MiB
 * gzip, on a slow network), and one diagram to be drawn.
 */
const ALIVE_MS = 15_000;
const MERMAID_MS = 120_000;
const DRAW_MS = 30_000;
const FILE = 'diagram-frame.html';

/** The frame's URL: under `window.AGUI_ELEMENTS_CHUNKS` when the page names the folder, else beside this part. */
export function diagramFrameUrl(): string {
  const folder = (globalThis as { AGUI_ELEMENTS_CHUNKS?: string }).AGUI_ELEMENTS_CHUNKS;
  if (folder) return new URL(FILE, new URL(folder.replace(/\/?$/, '/'), document.baseURI)).href;
  // A variable, not a literal: bundlers must not try to inline the frame as an asset of their own.
  const file = FILE;
  return new URL(file, import.meta.url).href;
}

interface Pending {
  readonly resolve: (drawn: DrawnDiagram) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** One hidden frame per chat; diagrams are drawn one after another in it. */
export class DiagramFrame {
  private readonly frame: HTMLIFrameElement;
  /** The frame answered: its file is there (else the part's failure, with where it was looked for). */
  private readonly alive: Promise<void>;
  /** Mermaid has loaded in it: null when it did, else why every diagram cannot be drawn. */
  private readonly mermaid: Promise<string | null>;
  private readonly pending = new Map<number, Pending>();
  private next = 1;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);
  private markAlive: () => void = () => {};
  private markMermaid: (problem: string | null) => void = () => {};

  constructor(root: ParentNode & Node, url = diagramFrameUrl()) {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('tabindex', '-1');
    frame.title = 'Diagram renderer';
    frame.className = 'diagram-frame';
    // Laid out (Mermaid measures its text) but never seen: styled through the CSSOM, which strict pages allow.
    Object.assign(frame.style, {
      position: 'fixed',
      insetInlineStart: '-10000px',
      insetBlockStart: '0',
      width: '1200px',
      height: '900px',
      border: '0',
      visibility: 'hidden',
      pointerEvents: 'none',
    });
    this.frame = frame;
    this.alive = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new PartLoadError('diagrams', url)), ALIVE_MS);
      this.markAlive = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    // A frame that never answers is reported once, where the chat asks; never as an unhandled rejection.
    this.alive.catch(() => {});
    this.mermaid = new Promise<string | null>((resolve) => {
      const timer = setTimeout(
        () => resolve(`Mermaid did not load in the diagram frame within ${MERMAID_MS / 1000} s.`),
        MERMAID_MS,
      );
      this.markMermaid = (problem) => {
        clearTimeout(timer);
        resolve(problem);
      };
    });
    window.addEventListener('message', this.onMessage);
    frame.src = url;
    root.appendChild(frame);
  }

  /** Draws one diagram; rejects (with where the frame was looked for) only when the frame never answered. */
  async draw(source: string, theme: DiagramTheme): Promise<DrawnDiagram> {
    await this.alive;
    const problem = await this.mermaid;
    if (problem) return { error: problem };
    const id = this.next++;
    return new Promise<DrawnDiagram>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ error: `The diagram took longer than ${DRAW_MS / 1000} s to draw.` });
      }, DRAW_MS);
      this.pending.set(id, { resolve, timer });
      // The frame's origin is opaque: it cannot be named, so the message goes to whatever the frame holds now,
      // which is only ever our page (the frame cannot navigate itself away without being sandboxed the same way).
      this.frame.contentWindow?.postMessage({ type: 'agui-diagram-draw', id, source, theme }, '*');
    });
  }

  dispose(): void {
    window.removeEventListener('message', this.onMessage);
    for (const { resolve, timer } of this.pending.values()) {
      clearTimeout(timer);
      resolve({ error: 'The chat was closed before the diagram was drawn.' });
    }
    this.pending.clear();
    this.frame.remove();
  }

  private receive(event: MessageEvent): void {
    // Only our frame speaks here: any other window's message is not ours to read.
    if (event.source !== this.frame.contentWindow || event.source === null) return;
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'agui-diagram-alive') {
      this.markAlive();
      return;
    }
    if (data.type === 'agui-diagram-ready') {
      this.markAlive();
      this.markMermaid(
        data.mermaid === true ? null : 'Mermaid did not load beside the diagram frame.',
      );
      return;
    }
    if (data.type !== 'agui-diagram-drawn' || typeof data.id !== 'number') return;
    const waiting = this.pending.get(data.id);
    if (!waiting) return;
    this.pending.delete(data.id);
    clearTimeout(waiting.timer);
    if (typeof data.svg === 'string' && /^<svg[\s>]/.test(data.svg)) {
      waiting.resolve({
        svg: data.svg,
        title: typeof data.title === 'string' ? data.title : '',
        description: typeof data.description === 'string' ? data.description : '',
      });
    } else {
      waiting.resolve({
        error:
          typeof data.error === 'string' && data.error ? data.error : 'The frame sent no diagram.',
      });
    }
  }
}
