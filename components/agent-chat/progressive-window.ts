// ProgressiveWindow: a long transcript that arrives at once (a restored thread) renders its latest messages first,
// then earlier ones a batch per frame, so no task is long; messages that stream in one by one render at once.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Messages rendered per frame while a long transcript fills in. */
const BATCH = 40;

export class ProgressiveWindow implements ReactiveController {
  /** The index of the first message rendered. */
  start = 0;

  private seen = 0;
  private frame: number | null = null;

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

  hostDisconnected(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.start = 0;
    this.seen = 0;
  }

  private schedule(): void {
    if (this.frame !== null || this.start === 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.start = Math.max(0, this.start - BATCH);
      this.host.requestUpdate();
      this.schedule();
    });
  }
}
