// The inspector's virtualized events table: only the rows in view are in the DOM, spacer rows keep the scroll height.
import { numberFormatFor } from '../../src/i18n/intl.js';
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { LogRow } from '../../src/inspector/event-log.js';
import { formatMessage } from '../../src/i18n/messages.js';
import type { AgentInspectorStrings } from './strings.js';

/** Every row is exactly this tall (CSS sets the same), so a scroll position maps to a row. */
export const ROW_HEIGHT = 32;
/** Rows rendered above and below the visible ones. */
const OVERSCAN = 8;

export interface TableView {
  readonly rows: readonly LogRow[];
  /** Indexes into `rows` of the rows that pass the filters, in order. */
  readonly visible: readonly number[];
  readonly scrollTop: number;
  readonly viewportHeight: number;
  /** The selected row's index into `rows`, or -1. */
  readonly selected: number;
  /** The position in `visible` of the row that takes Tab focus. */
  readonly focusPosition: number;
  /** The inspector's language (its nearest `lang`), for times and sizes. */
  readonly lang: string;
  /** Its sentences in that language. */
  readonly text: AgentInspectorStrings;
}

/** The positions in `visible` to render for this scroll position. */
export function windowOf(view: Pick<TableView, 'visible' | 'scrollTop' | 'viewportHeight'>): {
  start: number;
  end: number;
} {
  const count = view.visible.length;
  const first = Math.floor(view.scrollTop / ROW_HEIGHT);
  const shown = Math.ceil(Math.max(view.viewportHeight, ROW_HEIGHT) / ROW_HEIGHT);
  const start = Math.max(0, Math.min(count, first - OVERSCAN));
  const end = Math.max(start, Math.min(count, first + shown + OVERSCAN));
  return { start, end };
}

/** `+1.234 s` since the run began, its number written the way the language writes it (`+1,234 s` in French). */
export function formatElapsed(ms: number, lang = 'en'): string {
  const seconds = numberFormatFor(lang, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  return `+${seconds.format(ms / 1000)} s`;
}

/** `312 B`, `4.2 kB` (the number in the language's way). */
export function formatSize(bytes: number, lang = 'en'): string {
  if (bytes < 1000) return `${numberFormatFor(lang).format(bytes)} B`;
  const kilobytes = numberFormatFor(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${kilobytes.format(bytes / 1000)} kB`;
}

function renderRow(row: LogRow, position: number, view: TableView): TemplateResult {
  const selected = row.index === view.selected;
  return html`<tr
    class=${row.failure ? 'row failed' : row.side ? 'row side' : 'row'}
    data-index=${row.index}
    data-position=${position}
    aria-rowindex=${position + 2}
    aria-current=${selected ? 'true' : nothing}
    tabindex=${position === view.focusPosition ? 0 : -1}
  >
    <td class="time">${formatElapsed(row.elapsed, view.lang)}</td>
    <td class="type">
      ${row.failure ? html`<span class="badge">${view.text.failed}</span> ` : nothing}${
        row.side ? html`<span class="badge side">${view.text.sideRun}</span> ` : nothing
      }${row.type}${
        row.origin
          ? html` <span class="origin"
              >${formatMessage(view.text.fromOrigin, { origin: row.origin }, view.lang)}</span
            >`
          : nothing
      }
    </td>
    <td class="summary" title=${row.failure ? `${row.failure} — ${row.summary}` : row.summary}>
      ${row.failure && row.record.kind === 'event' ? `${row.failure} — ${row.summary}` : row.summary}
    </td>
    <td class="size">${formatSize(row.size, view.lang)}</td>
  </tr>`;
}

/** The table: caption, header, a spacer, the rows in view, a spacer. */
export function renderEventTable(view: TableView): TemplateResult {
  const { start, end } = windowOf(view);
  // The row that takes Tab is always one that is drawn: the chosen one when in view, else the nearest drawn one.
  const focusPosition = Math.max(start, Math.min(end - 1, view.focusPosition));
  const drawn = { ...view, focusPosition };
  const positions: number[] = [];
  for (let position = start; position < end; position += 1) positions.push(position);
  const above = start * ROW_HEIGHT;
  const below = (view.visible.length - end) * ROW_HEIGHT;
  return html`<table part="table" aria-rowcount=${view.visible.length + 1}>
    <caption class="visually-hidden">
      ${view.text.title}
    </caption>
    <colgroup>
      <col class="time" />
      <col class="type" />
      <col class="summary" />
      <col class="size" />
    </colgroup>
    <thead>
      <tr aria-rowindex="1">
        <th scope="col">${view.text.time}</th>
        <th scope="col">${view.text.type}</th>
        <th scope="col">${view.text.summary}</th>
        <th scope="col">${view.text.size}</th>
      </tr>
    </thead>
    <tbody>
      ${
        above > 0
          ? html`<tr class="spacer" aria-hidden="true" data-height=${above}>
              <td colspan="4"></td>
            </tr>`
          : nothing
      }
      ${repeat(
        positions,
        (position) => view.visible[position],
        (position) =>
          renderRow(view.rows[view.visible[position] as number] as LogRow, position, drawn),
      )}
      ${
        below > 0
          ? html`<tr class="spacer" aria-hidden="true" data-height=${below}>
              <td colspan="4"></td>
            </tr>`
          : nothing
      }
    </tbody>
  </table>`;
}

/** Sizes the spacer rows through the CSSOM (a strict CSP forbids style attributes). */
export function sizeSpacers(root: ParentNode): void {
  for (const spacer of root.querySelectorAll<HTMLElement>('tr.spacer')) {
    const height = `${spacer.dataset.height ?? 0}px`;
    if (spacer.style.height !== height) spacer.style.height = height;
  }
}
