// Copying from the chat: a message or an answer (its button says "Copied" for a moment), and the Copy code, Copy
// as CSV and Copy TeX buttons inside rendered markdown (one delegated listener); a clipboard that refuses shows a passing toast.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { writeClipboard } from './browser-effects.js';
import { tableCsv } from './rich/table-csv.js';
import type { AgentChatStrings } from './strings.js';

const COPIED_MS = 2000;
const TOAST_MS = 6000;

export interface CopyOptions {
  readonly text: () => AgentChatStrings;
  readonly announce: (text: string) => void;
}

export class CopyController implements ReactiveController {
  /** The message whose Copy button says "Copied". */
  copiedKey: string | null = null;
  /** A passing note above the input (a copy that failed). */
  toast: string | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: CopyOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Copies text; `key` names the message whose button then says "Copied". */
  async copy(text: string, key: string | null): Promise<boolean> {
    const strings = this.options.text();
    if (await writeClipboard(text)) {
      if (key !== null) this.show('copiedKey', key, COPIED_MS);
      this.options.announce(strings.copiedNotice);
      return true;
    }
    this.show('toast', strings.copyUnavailable, TOAST_MS);
    this.options.announce(strings.copyUnavailable);
    return false;
  }

  /**
   * A click in the transcript: Copy code copies its block, Copy as CSV its table (as RFC 4180 CSV), Copy TeX its
   * formula's TeX.
   */
  handleMarkdownClick(event: Event): void {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest<HTMLButtonElement>(
      'button[data-copy-code], button[data-copy-csv], button[data-copy-math]',
    );
    if (!button) return;
    const table = button.closest('.table-block')?.querySelector('table');
    const text = button.hasAttribute('data-copy-math')
      ? (button.closest('.math-block')?.getAttribute('data-tex') ?? '')
      : button.hasAttribute('data-copy-csv')
        ? table
          ? tableCsv(table)
          : ''
        : (button.closest('.code-block')?.querySelector('pre')?.textContent ?? '');
    void this.copy(text, null).then((ok) => {
      if (!ok) return;
      const label = button.textContent;
      const copied = this.options.text().copied;
      button.textContent = copied;
      this.later(() => {
        if (button.textContent === copied) button.textContent = label;
      }, COPIED_MS);
    });
  }

  /** Sets a field for a while, then clears it (unless something else replaced it meanwhile). */
  private show(field: 'copiedKey' | 'toast', value: string, ms: number): void {
    this[field] = value;
    this.host.requestUpdate();
    this.later(() => {
      if (this[field] !== value) return;
      this[field] = null;
      this.host.requestUpdate();
    }, ms);
  }

  private later(callback: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      callback();
    }, ms);
    this.timers.add(timer);
  }
}
