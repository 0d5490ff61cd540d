// DropTarget: whether files are being dragged over the composer, so it shows itself as the place to drop them.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

const ENDS = ['drop', 'dragend', 'dragleave'] as const;

export class DropTarget implements ReactiveController {
  /** Files are over the composer now. */
  active = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.set(false);
  }

  /** `dragenter`/`dragover`: only a drag that carries files counts (dragged text shows nothing). */
  over(event: DragEvent): void {
    if (event.dataTransfer?.types.includes('Files')) this.set(true);
  }

  /** `dragleave` of the composer: over — unless the pointer only moved onto something inside it. */
  leave(event: DragEvent): void {
    const to = event.relatedTarget;
    if (!(to instanceof Node && (event.currentTarget as Node).contains(to))) this.set(false);
  }

  /** A drop or drag end anywhere, or a `dragleave` towards nothing (the drag left the window), ends it. */
  private readonly ended = (event: Event): void => {
    if (event.type !== 'dragleave' || (event as DragEvent).relatedTarget === null) this.set(false);
  };

  private set(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    for (const type of ENDS) {
      if (active) window.addEventListener(type, this.ended, true);
      else window.removeEventListener(type, this.ended, true);
    }
    this.host.requestUpdate();
  }
}
