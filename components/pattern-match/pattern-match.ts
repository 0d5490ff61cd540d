// <pattern-match>: the current event, the past event it resembles, and how similar they are.
import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { PatternMatchProps } from '../../src/artifacts/props.js';
import { AguiElement } from '../shared/agui-element.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { hostStyles } from '../shared/host-styles.js';
import { format } from '../shared/strings.js';
import { patternMatchStyles } from './pattern-match.styles.js';

/** Every visible string of `<pattern-match>`; `{…}` placeholders are filled in. */
export interface PatternMatchStrings {
  readonly title: string;
  readonly cell: string;
  readonly currentEvent: string;
  readonly pastEvent: string;
  readonly similarity: string;
  readonly percent: string;
  readonly incomplete: string;
}

export const PATTERN_MATCH_STRINGS: PatternMatchStrings = {
  title: 'Pattern match',
  cell: 'Cell {id}',
  currentEvent: 'Current event',
  pastEvent: 'Resembles past event',
  similarity: 'Similarity',
  percent: '{value}%',
  incomplete: 'No pattern match yet: it needs the current event and a past event reference.',
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * A pattern match, as `render_pattern_match` sends it: the current event, the reference of the past event it
 * resembles, and their similarity as a meter and a percentage. Fields come from `.props` or attributes (`.props`
 * wins).
 *
 * @tag pattern-match
 * @csspart base - The card.
 * @csspart header - The title and the cell.
 * @csspart title - The title.
 * @csspart meta - The cell.
 * @csspart details - The current and past events.
 * @csspart similarity - The similarity label, meter and percentage.
 * @csspart meter - The similarity meter.
 * @csspart incomplete - The message shown without both events.
 * @cssprop [--agui-card-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 */
export class PatternMatch extends AguiElement {
  static override styles = [hostStyles, artifactCardStyles, patternMatchStyles];

  /** The `render_pattern_match` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props: Partial<PatternMatchProps> | null = null;

  /** The event being investigated (`props.current_event`). */
  @property({ attribute: 'current-event' }) currentEvent: string | null = null;

  /** The reference of the past event it resembles (`props.past_event_ref`). */
  @property({ attribute: 'past-event-ref' }) pastEventRef: string | null = null;

  /** How similar they are, from 0 to 1 (`props.similarity`). */
  @property({ type: Number }) similarity: number | null = null;

  /** The cell the match is about (`props.cell_id`). */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<PatternMatchStrings> = {};

  protected override render() {
    const strings = this.locale.strings('pattern-match', PATTERN_MATCH_STRINGS, this.strings);
    const props = this.props ?? {};
    const current = text(props.current_event) ?? text(this.currentEvent);
    const past = text(props.past_event_ref) ?? text(this.pastEventRef);
    const raw = typeof props.similarity === 'number' ? props.similarity : this.similarity;
    const similarity = raw !== null && Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : null;
    const cell = props.cell_id ?? this.cellId;
    if (current === null || past === null) {
      return html`<div part="base" class="base">
        <p part="incomplete" class="note">${strings.incomplete}</p>
      </div>`;
    }
    const percent =
      similarity === null ? null : format(strings.percent, { value: Math.round(similarity * 100) });
    return html`<article part="base" class="base" aria-labelledby="title">
      <header part="header" class="header">
        <h3 id="title" part="title" class="title">${strings.title}</h3>
        ${
          cell === null || cell === undefined || cell === ''
            ? nothing
            : html`<p part="meta" class="meta">${format(strings.cell, { id: String(cell) })}</p>`
        }
      </header>
      ${
        percent === null
          ? nothing
          : html`<div part="similarity" class="similarity">
              <label for="similarity">${strings.similarity}</label>
              <meter
                id="similarity"
                part="meter"
                min="0"
                max="1"
                low="0.5"
                high="0.8"
                optimum="1"
                .value=${similarity ?? 0}
                aria-valuetext=${percent}
              ></meter>
              <span class="percent">${percent}</span>
            </div>`
      }
      <dl part="details">
        <div>
          <dt>${strings.currentEvent}</dt>
          <dd>${current}</dd>
        </div>
        <div>
          <dt>${strings.pastEvent}</dt>
          <dd class="reference">${past}</dd>
        </div>
      </dl>
    </article>`;
  }
}
