// What <agent-chat> asks of the browser beyond rendering: animation frames, the clipboard, approval deadlines.
import type { CSSResult } from 'lit';
import type { ChatMessage } from '../../src/store/types.js';

/** The next animation frame, or a short timeout where frames do not come (a hidden tab). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(), 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Adds a part's styles (the highlighter's colours, A2UI's tokens) to a shadow root, once. */
export function adoptStyles(root: Node, styles: CSSResult | undefined): void {
  const sheet = styles?.styleSheet;
  if (sheet && root instanceof ShadowRoot && !root.adoptedStyleSheets.includes(sheet)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
}

/** The least time between two renders while an answer streams: every other frame at 60 Hz. */
const STREAM_RENDER_MS = 30;

/**
 * Waits for the next animation frame; while `streaming()` holds, for as many more (up to three) as it takes for
 * STREAM_RENDER_MS to pass since `renderedAt`. Each render lexes the open block of markdown again, and text that
 * grows 30 times a second reads as smoothly at half the work.
 */
export async function renderPace(renderedAt: number, streaming: () => boolean): Promise<void> {
  await nextFrame();
  for (let waits = 0; waits < 3 && streaming(); waits += 1) {
    if (performance.now() - renderedAt >= STREAM_RENDER_MS) return;
    await nextFrame();
  }
}

export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Every approval in the conversation with a deadline still ahead: the soonest one re-renders the transcript. */
export function nextDeadline(messages: readonly ChatMessage[], now: number): number {
  let next = Infinity;
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.kind !== 'approval' || part.approval.answer !== null || !part.approval.expiresAt)
        continue;
      const at = Date.parse(part.approval.expiresAt);
      if (Number.isFinite(at) && at > now) next = Math.min(next, at);
    }
  }
  return next;
}

/** Calls back once the next approval deadline of the messages has passed (one timer, replaced on every follow). */
export class DeadlineTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly expired: () => void) {}

  follow(messages: readonly ChatMessage[]): void {
    this.clear();
    const now = Date.now();
    const next = nextDeadline(messages, now);
    if (next === Infinity) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.expired();
      },
      Math.min(next - now + 20, 2 ** 31 - 1),
    );
  }

  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
