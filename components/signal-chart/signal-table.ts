// The data table of <signal-chart>: every reading, or time ranges with their extremes when there are too many.
import { html, nothing, type TemplateResult } from 'lit';
import { dateFormatFor } from '../../src/i18n/intl.js';
import { format } from '../shared/strings.js';
import type { SignalChartStrings } from './signal-chart.strings.js';
import { numberFormat, type LoadedSeries } from './signal-series.js';

/** The table lists every reading up to this many; longer series are grouped into time ranges. */
const TABLE_ROWS = 240;
const TABLE_GROUPS = 120;

function readingsTable(
  loaded: LoadedSeries,
  strings: SignalChartStrings,
  name: string,
  lang: string,
) {
  const { columns, series } = loaded;
  const full = dateFormatFor(lang);
  const numbers = numberFormat(lang);
  const valueHeader = series.unit ? `${strings.value} (${series.unit})` : strings.value;
  const rows = Array.from({ length: columns.length }, (_, index) => index);
  return html`<table>
    <caption>
      ${format(strings.tableCaption, { name, count: columns.length }, lang)}
    </caption>
    <thead>
      <tr>
        <th scope="col">${strings.time}</th>
        <th scope="col" class="number">${valueHeader}</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (index) =>
          html`<tr>
            <td>${full.format(columns.times[index] as number)}</td>
            <td class="number">${numbers.format(columns.values[index] as number)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function groupedTable(
  loaded: LoadedSeries,
  strings: SignalChartStrings,
  name: string,
  lang: string,
) {
  const { columns, series } = loaded;
  const full = dateFormatFor(lang);
  const numbers = numberFormat(lang);
  const size = Math.ceil(columns.length / TABLE_GROUPS);
  const groups = Array.from({ length: Math.ceil(columns.length / size) }, (_, group) => {
    const from = group * size;
    const to = Math.min(columns.length, from + size);
    let lowest = Infinity;
    let highest = -Infinity;
    for (let index = from; index < to; index += 1) {
      const value = columns.values[index] as number;
      if (value < lowest) lowest = value;
      if (value > highest) highest = value;
    }
    return { from: columns.times[from] as number, lowest, highest };
  });
  return html`<table>
    <caption>
      ${format(
        strings.tableGroupedCaption,
        {
          name,
          count: columns.length,
          groups: groups.length,
        },
        lang,
      )}
    </caption>
    <thead>
      <tr>
        <th scope="col">${strings.from}</th>
        <th scope="col" class="number">
          ${strings.lowest}${series.unit ? ` (${series.unit})` : ''}
        </th>
        <th scope="col" class="number">
          ${strings.highest}${series.unit ? ` (${series.unit})` : ''}
        </th>
      </tr>
    </thead>
    <tbody>
      ${groups.map(
        (group) =>
          html`<tr>
            <td>${full.format(group.from)}</td>
            <td class="number">${numbers.format(group.lowest)}</td>
            <td class="number">${numbers.format(group.highest)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The table disclosure; its rows render only while it is open. */
export function renderSignalTable(
  loaded: LoadedSeries,
  strings: SignalChartStrings,
  name: string,
  lang: string,
  open: boolean,
  onToggle: (event: Event) => void,
) {
  let table: TemplateResult | typeof nothing = nothing;
  if (open) {
    table =
      loaded.columns.length <= TABLE_ROWS
        ? readingsTable(loaded, strings, name, lang)
        : groupedTable(loaded, strings, name, lang);
  }
  return html`<details part="table" @toggle=${onToggle}>
    <summary>${strings.tableToggle}</summary>
    <div class="table-scroll" role="region" aria-label=${strings.tableToggle} tabindex="0">
      ${table}
    </div>
  </details>`;
}
