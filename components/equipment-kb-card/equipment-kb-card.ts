// <equipment-kb-card>: a cell's knowledge-base record, fetched by cell id, with chosen fields highlighted.
import { html, nothing, type ComplexAttributeConverter } from 'lit';
import { property } from 'lit/decorators.js';
import { readCellKb, type CellKbData } from '../../src/artifacts/data.js';
import type { EquipmentKbCardProps } from '../../src/artifacts/props.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import type { ArtifactDataSource } from '../../src/artifacts/view.js';
import { AguiElement } from '../shared/agui-element.js';
import { ArtifactDataController, type DataRequest } from '../shared/artifact-data.js';
import { joinMeta, renderLoadError, renderSkeleton } from '../shared/artifact-parts.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { format, type PluralStrings } from '../shared/strings.js';
import { equipmentKbCardStyles } from './equipment-kb-card.styles.js';

/** Every visible string of `<equipment-kb-card>`; `{…}` placeholders are filled in. */
export interface EquipmentKbCardStrings {
  readonly loading: string;
  readonly loadError: string;
  readonly retry: string;
  readonly incomplete: string;
  readonly cell: string;
  readonly services: string;
  readonly synthetic: string;
  readonly highlighted: string;
  readonly highlightedCount: PluralStrings;
  readonly notInRecord: string;
  readonly empty: string;
}

export const EQUIPMENT_KB_CARD_STRINGS: EquipmentKbCardStrings = {
  loading: 'Loading the knowledge base of cell {id}…',
  loadError: 'Could not load the knowledge base of cell {id}.',
  retry: 'Retry',
  incomplete: 'No record to show yet: the card needs a cell id (a whole number from 1).',
  cell: 'Cell {id}',
  services: 'Services: {list}',
  synthetic: 'Synthetic data',
  highlighted: 'Highlighted',
  // English says "1 of 3 fields" and "2 of 3 fields" alike; other languages need the forms.
  highlightedCount: { other: '{count} of {total} fields highlighted.' },
  notInRecord: 'Not in this record: {list}.',
  empty: 'The record has no fields.',
};

/** A list of field keys: a JSON array, or names separated by spaces or commas. */
const listConverter: ComplexAttributeConverter<readonly string[]> = {
  fromAttribute(value) {
    const trimmed = value?.trim() ?? '';
    if (trimmed.startsWith('[')) {
      try {
        const parsed = JSON.parse(trimmed) as unknown;
        if (Array.isArray(parsed)) return parsed.map(String);
      } catch {
        // Not JSON: read it as a list of words.
      }
    }
    return trimmed.split(/[\s,]+/).filter(Boolean);
  },
  toAttribute(value) {
    return value.join(' ');
  },
};

const fieldKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * A cell's knowledge-base record, as `render_equipment_kb_card` asks for it: the card fetches it
 * (`GET <data-base>/api/v1/cells/:id/kb`, the replay data, or a host resolver) and lists its fields. Fields named in
 * `highlight_fields` (by key or label) are marked with a "Highlighted" label and a rule, not by colour alone; names
 * the record does not have are listed in a note.
 *
 * @tag equipment-kb-card
 * @csspart base - The card.
 * @csspart header - The name and the meta line.
 * @csspart title - The record's name.
 * @csspart meta - Cell and services.
 * @csspart fields - The list of fields.
 * @csspart field - One field.
 * @csspart highlighted - A highlighted field (also has part `field`).
 * @csspart note - The highlight count and the names not in the record.
 * @csspart loading - The loading skeleton.
 * @csspart error - The load error.
 * @csspart retry - The Retry button.
 * @csspart incomplete - The message shown without a cell id.
 * @cssprop [--agui-card-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 * @cssprop [--agui-kb-highlight-color=var(--agui-color-accent)] - The rule and label of a highlighted field.
 * @cssprop [--agui-kb-highlight-background=var(--agui-color-surface-raised)] - The background of a highlighted field.
 * @fires {ArtifactLoadEvent} artifact-load - The record loaded.
 * @fires {ArtifactErrorEvent} artifact-error - The record could not be loaded; `detail.reason` says why.
 */
export class EquipmentKbCard extends AguiElement {
  static override styles = [hostStyles, buttonStyles, artifactCardStyles, equipmentKbCardStyles];

  private readonly data = new ArtifactDataController<CellKbData>(this, () => this.dataRequest());

  /** The `render_equipment_kb_card` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props: Partial<EquipmentKbCardProps> | null = null;

  /** The cell whose record to fetch (`props.cell_id`). */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Fields to highlight, by key or label (`props.highlight_fields`); the attribute takes a list or JSON array. */
  @property({ attribute: 'highlight-fields', converter: listConverter })
  highlightFields: readonly string[] = [];

  /** Data lookups of the host; win over `source`, `data-base` and the run's. */
  @property({ attribute: false }) resolver: ArtifactDataResolver | null = null;

  /** `replay` reads the in-page synthetic data (no server). */
  @property() source: ArtifactDataSource | null = null;

  /** Where the `/api/v1/...` data routes live (default: the run's, else the page's origin). */
  @property({ attribute: 'data-base' }) dataBase: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<EquipmentKbCardStrings> = {};

  private handleRetry = () => this.data.retry();

  private resolveCell(): number | null {
    const raw = this.props?.cell_id ?? this.cellId;
    const cell = typeof raw === 'number' ? raw : raw ? Number(raw) : Number.NaN;
    return Number.isInteger(cell) && cell >= 1 ? cell : null;
  }

  private resolveHighlights(): readonly string[] {
    const fromProps = this.props?.highlight_fields;
    return Array.isArray(fromProps) ? fromProps.map(String) : this.highlightFields;
  }

  private dataRequest(): DataRequest<CellKbData> | null {
    const cellId = this.resolveCell();
    if (cellId === null) return null;
    return {
      key: String(cellId),
      what: `knowledge base of cell ${cellId}`,
      load: async (resolver, signal) =>
        readCellKb(await resolver.cellKb(cellId, { signal }), cellId),
    };
  }

  private renderRecord(record: CellKbData, strings: EquipmentKbCardStrings) {
    const wanted = this.resolveHighlights().map(fieldKey);
    const isHighlighted = (key: string, label: string) =>
      wanted.includes(fieldKey(key)) || wanted.includes(fieldKey(label));
    const highlighted = record.fields.filter((field) => isHighlighted(field.key, field.label));
    const missing = this.resolveHighlights().filter(
      (name) =>
        !record.fields.some(
          (field) =>
            fieldKey(field.key) === fieldKey(name) || fieldKey(field.label) === fieldKey(name),
        ),
    );
    return html`<article part="base" class="base" aria-labelledby="title">
      <header part="header" class="header">
        <h3 id="title" part="title" class="title">${record.name}</h3>
        <p part="meta" class="meta">
          ${joinMeta([
            html`<span>${format(strings.cell, { id: String(record.cell_id) })}</span>`,
            ...(record.services.length > 0
              ? [
                  html`<span
                    >${format(strings.services, { list: record.services.join(', ') })}</span
                  >`,
                ]
              : []),
            ...(record.synthetic ? [html`<span class="badge">${strings.synthetic}</span>`] : []),
          ])}
        </p>
      </header>
      ${
        highlighted.length > 0
          ? html`<p part="note" class="note">
              ${format(
                strings.highlightedCount,
                { count: highlighted.length, total: record.fields.length },
                this.locale.lang,
              )}
            </p>`
          : nothing
      }
      ${
        record.fields.length === 0
          ? html`<p part="note" class="note">${strings.empty}</p>`
          : html`<dl part="fields">
              ${record.fields.map((field) => {
                const marked = isHighlighted(field.key, field.label);
                return html`<div
                  part=${marked ? 'field highlighted' : 'field'}
                  class=${marked ? 'field highlighted' : 'field'}
                >
                  <dt>
                    <span>${field.label}</span>
                    ${
                      marked
                        ? html`<span class="badge"
                            ><span aria-hidden="true">★</span>${strings.highlighted}</span
                          >`
                        : nothing
                    }
                  </dt>
                  <dd>${field.value}</dd>
                </div>`;
              })}
            </dl>`
      }
      ${
        missing.length > 0
          ? html`<p part="note" class="note warning">
              ${format(strings.notInRecord, { list: missing.join(', ') })}
            </p>`
          : nothing
      }
    </article>`;
  }

  protected override render() {
    const strings = this.locale.strings(
      'equipment-kb-card',
      EQUIPMENT_KB_CARD_STRINGS,
      this.strings,
    );
    const cellId = this.resolveCell();
    if (cellId === null) {
      return html`<div part="base" class="base">
        <p part="incomplete" class="note">${strings.incomplete}</p>
      </div>`;
    }
    const state = this.data.state;
    if (state.status === 'ready') return this.renderRecord(state.value, strings);
    const body =
      state.status === 'error'
        ? renderLoadError(
            format(strings.loadError, { id: cellId }),
            state.reason,
            strings.retry,
            this.handleRetry,
          )
        : renderSkeleton(format(strings.loading, { id: cellId }), false);
    return html`<div part="base" class="base">
      <p class="meta">${format(strings.cell, { id: cellId })}</p>
      ${body}
    </div>`;
  }
}
