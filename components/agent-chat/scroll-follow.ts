// ScrollFollowController: the transcript follows the stream until the person scrolls up, and offers Jump to latest.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom (px) still counts as "at the latest message". */
const BOTTOM_SLACK = 24;

/**
 * Keeps a scrolling element at its bottom while content grows (a ResizeObserver on the content, so no layout is
 * forced per render; its own scroll events are ignored). Scrolling up stops following; `jump()` resumes.
 */
export class ScrollFollowController implements ReactiveController {
  /** Whether the view shows its latest content (else the host offers Jump to latest). */
  atBottom = true;

  private stick = true;
  /** The next scroll event is the one `scrollToLatest` caused. */
  private programmaticScroll = false;
  /** Where the view was at its last scroll event: only a move up is the person reading back. */
  private lastTop = 0;
  private resizeObserver: ResizeObserver | null = null;
  private observed: Element | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly scroller: () => HTMLElement | null,
    private readonly content: () => Element | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver ??= new ResizeObserver(() => this.followIfStuck());
    }
    this.observed = null;
  }

  hostDisconnected(): void {
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    this.observed = null;
  }

  hostUpdated(): void {
    // Content that grows outside a render (an artifact loading, a disclosure opening) still pulls the view down.
    const content = this.content();
    if (content && content !== this.observed && this.resizeObserver) {
      if (this.observed) this.resizeObserver.unobserve(this.observed);
      this.resizeObserver.observe(content);
      this.observed = content;
    }
    // With a ResizeObserver the view follows after layout (no forced layout here); without one, follow now.
    if (!this.resizeObserver) this.followIfStuck();
  }

  /** Follow the stream again (after the person sends, retries or starts over). */
  follow(): void {
    this.stick = true;
  }

  /** Jump to latest: back to the bottom, following again. */
  jump(): void {
    this.stick = true;
    this.atBottom = true;
    this.scrollToLatest();
    this.host.requestUpdate();
  }

  readonly handleScroll = (): void => {
    const element = this.scroller();
    if (!element) return;
    if (this.programmaticScroll) {
      // Our own move to the bottom: nothing to learn from it (and no layout to force).
      this.programmaticScroll = false;
      return;
    }
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    const movedUp = element.scrollTop < this.lastTop;
    this.lastTop = element.scrollTop;
    let atBottom = distance <= BOTTOM_SLACK;
    if (atBottom) this.stick = true;
    else if (movedUp) this.stick = false;
    else if (this.stick) {
      // A move down that stops short of the end is the browser's (scroll anchoring as a frame above grows), never
      // the person leaving the latest message: finish it.
      this.scrollToLatest();
      atBottom = true;
    }
    if (this.atBottom !== atBottom) {
      this.atBottom = atBottom;
      this.host.requestUpdate();
    }
  };

  readonly handleWheel = (event: WheelEvent): void => {
    // Reading back while the answer streams: stop following at once, before the next token pulls the view down.
    if (event.deltaY < 0) this.stick = false;
  };

  private followIfStuck(): void {
    if (this.stick) this.scrollToLatest();
  }

  private scrollToLatest(): void {
    const element = this.scroller();
    if (!element) return;
    const top = element.scrollHeight - element.clientHeight;
    if (Math.abs(element.scrollTop - top) < 1) return;
    this.programmaticScroll = true;
    element.scrollTop = top;
    this.lastTop = element.scrollTop;
  }
}
