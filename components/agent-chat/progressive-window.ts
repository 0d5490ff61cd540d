// ProgressiveWindow: a long transcript that arrives at once (a restored thread) renders its latest messages first,
// then earlier ones a batch per frame, so no task is long; messages that stream in one by one render at once.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Messages rendered at once when a long transcript arrives: its latest, enough to fill the view. */
const FIRST_BATCH = 40;
/**
 * What rendering one frame's batch of earlier messages may take (ms). The batch follows what the last one cost, so
 * a slow or busy machine renders fewer per frame and no frame becomes a long task (style and layout come on top).
 */
const FRAME_BUDGET_MS = 8;
const MIN_BATCH = 4;
const MAX_BATCH = 80;

export class ProgressiveWindow implements ReactiveController {
  /** The index of the first message rendered. */
  start = 0;

  private seen = 0;
  private frame: number | null = null;
  /** Earlier messages the next frame adds. */
  private batch = FIRST_BATCH;
  /** The batch being rendered and when its frame began, until the host has rendered it. */
  private rendering: { size: number; since: number } | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly count: () => number,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const count = this.count();
    if (count - this.seen > FIRST_BATCH * 1.5) {
      // Many messages at once: show the latest now, the rest over the next frames.
      this.start = Math.max(this.start, count - FIRST_BATCH);
      this.schedule();
    } else if (this.start > count) {
      this.start = 0;
    }
    this.seen = count;
  }

  hostUpdated(): void {
    const rendered = this.rendering;
    if (rendered === null) return;
    this.rendering = null;
    const spent = Math.max(performance.now() - rendered.since, 0.5);
    const fitting = Math.round((rendered.size * FRAME_BUDGET_MS) / spent);
    this.batch = Math.min(MAX_BATCH, Math.max(MIN_BATCH, fitting));
  }

  hostDisconnected(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.start = 0;
    this.seen = 0;
    this.rendering = null;
  }

  private schedule(): void {
    if (this.frame !== null || this.start === 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      const size = Math.min(this.batch, this.start);
      this.start -= size;
      this.rendering = { size, since: performance.now() };
      this.host.requestUpdate();
      this.schedule();
    });
  }
}
