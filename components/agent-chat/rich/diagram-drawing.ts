// The chat's side of diagrams (rich-content="mermaid"): asks for the diagrams part with the first finished `mermaid`
// fence (never before, never for an open one), keeps what each source drew in each theme, and renders every answer
// again when a drawing arrives. A frame that never answers is kept as a failure (never retried behind the user's back).
import { loadPart, type PartModule } from '../../parts/load-part.js';
import { PartLoadError } from '../../parts/part-loading.js';

// Types only: the part itself loads with the first finished fence.
import type { DiagramTheme, DrawnDiagram } from './diagrams.js';

export type { DiagramTheme, DrawnDiagram } from './diagrams.js';

type Frame = InstanceType<PartModule<'diagrams'>['DiagramFrame']>;

/** Diagrams in answers: null while one is being drawn (or the part loads), then what it drew. */
export interface DiagramDrawings {
  drawn(source: string): DrawnDiagram | null;
  /** Where the frame was looked for, once it could not be loaded; else null. */
  readonly failedAt: string | null;
}

/** How many drawings are kept. */
const CACHED = 100;

/** What the chat lends the drawings: where the hidden frame goes, and its theme. */
export interface DiagramHost {
  readonly renderRoot: ParentNode & Node;
  readonly theme?: 'light' | 'dark' | undefined;
}

export class DiagramDrawing implements DiagramDrawings {
  private frame: Frame | null = null;
  private loading: Promise<Frame> | null = null;
  private readonly cache = new Map<string, DrawnDiagram | 'drawing'>();
  private scheduled = false;
  private media: MediaQueryList[] = [];
  failedAt: string | null = null;

  constructor(
    private readonly host: DiagramHost,
    private readonly onChange: () => void,
  ) {}

  /** The theme the diagrams are drawn in now. */
  theme(): DiagramTheme {
    if (matchMedia('(forced-colors: active)').matches) return 'contrast';
    if (this.host.theme) return this.host.theme;
    return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }

  drawn(source: string): DrawnDiagram | null {
    const theme = this.theme();
    const key = `${theme}\u0000${source}`;
    const known = this.cache.get(key);
    if (known) return known === 'drawing' ? null : known;
    if (this.failedAt !== null) return null;
    this.cache.set(key, 'drawing');
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value as string);
    void this.ensureFrame().then(
      (frame) =>
        frame.draw(source, theme).then(
          (drawn) => this.settle(key, drawn),
          (error: unknown) => this.fail(error),
        ),
      (error: unknown) => this.fail(error),
    );
    return null;
  }

  dispose(): void {
    // Drawings under way end with the frame: forgotten, so a chat put back on the page draws them again.
    for (const [key, value] of this.cache) if (value === 'drawing') this.cache.delete(key);
    this.frame?.dispose();
    this.frame = null;
    this.loading = null;
    for (const query of this.media) query.removeEventListener('change', this.themeChanged);
    this.media = [];
  }

  private ensureFrame(): Promise<Frame> {
    this.loading ??= loadPart('diagrams').then((module) => {
      this.frame = new module.DiagramFrame(this.host.renderRoot);
      // The page's colour scheme or forced colours changed: every diagram is drawn again in the new theme.
      for (const query of ['(prefers-color-scheme: dark)', '(forced-colors: active)']) {
        const list = matchMedia(query);
        list.addEventListener('change', this.themeChanged);
        this.media.push(list);
      }
      return this.frame;
    });
    return this.loading;
  }

  private readonly themeChanged = (): void => this.changed();

  private settle(key: string, drawn: DrawnDiagram): void {
    if (this.cache.get(key) !== 'drawing') return;
    this.cache.set(key, drawn);
    this.changed();
  }

  private fail(error: unknown): void {
    if (this.failedAt !== null) return;
    this.failedAt = error instanceof PartLoadError ? error.where : String(error);
    this.changed();
  }

  /** One re-render for every drawing that arrived in the same task. */
  private changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.onChange();
    });
  }
}
