// The selected event in detail: its JSON, the raw event where it differs, and the agent state right after it.
import { html, nothing, type TemplateResult } from 'lit';
import type { EventLog, LogRow } from '../../src/inspector/event-log.js';
import { changedPaths } from '../../src/inspector/state-timeline.js';
import { jsonLines } from './json-lines.js';
import { formatMessage } from '../../src/i18n/messages.js';
import { formatElapsed, formatSize } from './inspector-table.js';
import type { AgentInspectorStrings } from './strings.js';

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
export function renderDetail(
  log: EventLog,
  row: LogRow | undefined,
  { lang, text }: { readonly lang: string; readonly text: AgentInspectorStrings },
): TemplateResult {
  if (!row) return html`<p class="hint">${text.selectHint}</p>`;
  const say = (message: string, values: Readonly<Record<string, string | number>>) =>
    formatMessage(message, values, lang);
  const before = log.timeline.stateAt(row.index - 1);
  const after = log.timeline.stateAt(row.index);
  const paths = changedPaths(before, after);
  const raw = rawOf(row);
  return html`
    <h3 class="detail-title">
      ${say(text.eventHeading, { number: row.index + 1, type: row.type })}
      <span class="muted"
        >${say(text.eventMeta, {
          run: row.record.run,
          elapsed: formatElapsed(row.elapsed, lang),
          size: formatSize(row.size, lang),
        })}</span
      >
    </h3>
    ${
      row.failure
        ? html`<p class="failure"><span class="badge">${text.failed}</span> ${row.failure}</p>`
        : nothing
    }
    <section aria-label=${text.eventJson}>
      <h4>${row.record.kind === 'run-start' ? text.runInput : text.event}</h4>
      ${renderJson(payloadOf(row))}
    </section>
    ${
      raw !== undefined
        ? html`<section aria-label=${text.rawEvent}>
            <h4>${text.rawEventHeading}</h4>
            ${renderJson(raw)}
          </section>`
        : nothing
    }
    <section aria-label=${text.stateAfter}>
      <h4>${text.stateAfter}</h4>
      <p class="changes">
        ${
          paths.length === 0
            ? text.unchanged
            : html`${text.changed}
              ${paths.map((path, index) => html`${index > 0 ? ', ' : ''}<code>${path || text.wholeState}</code>`)}`
        }
      </p>
      ${renderJson(after, new Set(paths))}
    </section>
  `;
}
