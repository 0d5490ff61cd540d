// ProgressiveWindow: a long transcript that arrives at once (a restored thread) renders its latest messages first,
// then earlier ones a batch per frame, so no task is long; messages that stream in one by one render at once. The
// batch follows how long the last one took to render, so heavy rows (long answers, tables) take fewer per frame.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Messages rendered at first: the latest, more than a screen holds. */
const BATCH = 24;
/**
 * The bounds of a batch while earlier messages fill in. Larger batches made the longest frames (80-90 ms with 80
 * rows at the end of a 1,000-row transcript); 12 keeps a frame's script to a few milliseconds.
 */
const MIN_BATCH = 4;
const MAX_BATCH = 12;
/**
 * The time a batch's render may take (ms). Style, layout and pre-paint of the whole transcript follow it in the same
 * frame, and grow with the rows already shown (20-35 ms at 1,000 on a 2-CPU machine), so the batch keeps to little.
 */
const FRAME_BUDGET_MS = 6;

export class ProgressiveWindow implements ReactiveController {
  /** The index of the first message rendered. */
  start = 0;

  private seen = 0;
  private frame: number | null = null;
  /**
   * Messages the next frame renders: adapted to how long the last batch took on this machine. It starts small: the
   * first batch follows the first paint of the latest messages, and 12 rows there made the paint's longest task
   * (34-48 ms in the threads bench); it doubles from there while batches keep to the budget.
   */
  private batch = MIN_BATCH;
  /** When the current batch's render began (null outside a batch). */
  private batchStarted: number | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly count: () => number,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const count = this.count();
    if (count - this.seen > BATCH * 1.5) {
      // Many messages at once: show the latest now, the rest over the next frames.
      this.start = Math.max(this.start, count - BATCH);
      this.schedule();
    } else if (this.start > count) {
      this.start = 0;
    }
    this.seen = count;
  }

  hostUpdated(): void {
    if (this.batchStarted === null) return;
    const took = performance.now() - this.batchStarted;
    this.batchStarted = null;
    // Rows differ in weight (a long answer, a table) and machines in speed: the next batch aims at the budget.
    const scaled = Math.round((this.batch * FRAME_BUDGET_MS) / Math.max(took, 1));
    this.batch = Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.min(scaled, this.batch * 2)));
  }

  hostDisconnected(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.start = 0;
    this.seen = 0;
    this.batch = MIN_BATCH;
    this.batchStarted = null;
  }

  private schedule(): void {
    if (this.frame !== null || this.start === 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.start = Math.max(0, this.start - this.batch);
      this.batchStarted = performance.now();
      this.host.requestUpdate();
      this.schedule();
    });
  }
}
