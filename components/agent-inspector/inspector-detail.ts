// The selected event in detail: its JSON, the raw event where it differs, and the agent state right after it.
import { html, nothing, type TemplateResult } from 'lit';
import type { EventLog, LogRow } from '../../src/inspector/event-log.js';
import { changedPaths } from '../../src/inspector/state-timeline.js';
import { jsonLines } from './json-lines.js';
import { formatElapsed, formatSize } from './inspector-table.js';

function renderJson(value: unknown, changed: ReadonlySet<string> = new Set()): TemplateResult {
  const lines = jsonLines(value, changed);
  return html`<pre class="json">
${lines.map((line) => (line.changed ? html`<mark>${line.text}</mark> ` : `${line.text}\n`))}</pre>`;
}

function payloadOf(row: LogRow): unknown {
  const { record } = row;
  if (record.kind === 'run-start') return record.input;
  if (record.kind === 'event') return record.event;
  return record.raw ?? { failure: record.failure };
}

function rawOf(row: LogRow): unknown {
  const { record } = row;
  if (record.kind !== 'event' || record.raw === undefined) return undefined;
  return JSON.stringify(record.raw) === JSON.stringify(record.event) ? undefined : record.raw;
}

/** The detail panel of one row (state-at-event is computed here, on selection). */
export function renderDetail(log: EventLog, row: LogRow | undefined, lang = 'en'): TemplateResult {
  if (!row) {
    return html`<p class="hint">Select an event to see its JSON and the agent state after it.</p>`;
  }
  const before = log.timeline.stateAt(row.index - 1);
  const after = log.timeline.stateAt(row.index);
  const paths = changedPaths(before, after);
  const raw = rawOf(row);
  return html`
    <h3 class="detail-title">
      Event ${row.index + 1}: ${row.type}
      <span class="muted"
        >run ${row.record.run} · ${formatElapsed(row.elapsed, lang)} ·
        ${formatSize(row.size, lang)}</span
      >
    </h3>
    ${
      row.failure
        ? html`<p class="failure"><span class="badge">Failed</span> ${row.failure}</p>`
        : nothing
    }
    <section aria-label="Event JSON">
      <h4>${row.record.kind === 'run-start' ? 'Run input' : 'Event'}</h4>
      ${renderJson(payloadOf(row))}
    </section>
    ${
      raw !== undefined
        ? html`<section aria-label="Raw event">
            <h4>Raw event (as the agent sent it)</h4>
            ${renderJson(raw)}
          </section>`
        : nothing
    }
    <section aria-label="Agent state after this event">
      <h4>Agent state after this event</h4>
      <p class="changes">
        ${
          paths.length === 0
            ? 'Unchanged by this event.'
            : html`Changed:
              ${paths.map((path, index) => html`${index > 0 ? ', ' : ''}<code>${path || '(whole state)'}</code>`)}`
        }
      </p>
      ${renderJson(after, new Set(paths))}
    </section>
  `;
}
