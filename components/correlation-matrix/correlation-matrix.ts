// <correlation-matrix>: Pearson correlations of 2 to 8 signals, computed here from their measured series.
import { html, nothing, type ComplexAttributeConverter } from 'lit';
import { property } from 'lit/decorators.js';
import { carriedMatrix } from '../../src/artifacts/builtins.js';
import { readSignalSeries } from '../../src/artifacts/data.js';
import type { CorrelationMatrixProps } from '../../src/artifacts/props.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import { alignOnTimes, pearson, seriesColumns, yieldToMain } from '../../src/artifacts/series.js';
import type { ArtifactDataSource } from '../../src/artifacts/view.js';
import { AguiElement } from '../shared/agui-element.js';
import { ArtifactDataController, type DataRequest } from '../shared/artifact-data.js';
import { joinMeta, renderLoadError, renderSkeleton } from '../shared/artifact-parts.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { numberFormatFor } from '../../src/i18n/intl.js';
import { format, type PluralStrings } from '../shared/strings.js';
import { correlationMatrixStyles } from './correlation-matrix.styles.js';

/** Every visible string of `<correlation-matrix>`; `{…}` placeholders are filled in. */
export interface CorrelationMatrixStrings {
  readonly title: PluralStrings;
  readonly cell: string;
  readonly window: string;
  readonly synthetic: string;
  readonly caption: string;
  readonly computed: string;
  readonly loading: PluralStrings;
  readonly loadError: string;
  readonly retry: string;
  readonly incomplete: string;
  readonly refused: string;
  readonly refusedTitle: string;
  readonly undefinedValue: string;
  readonly undefinedNote: string;
  readonly tooFewReadings: PluralStrings;
  readonly cellMismatch: string;
  readonly signalOfCell: string;
  readonly legendNegative: string;
  readonly legendNone: string;
  readonly legendPositive: string;
  readonly signal: string;
  readonly tableLabel: string;
}

export const CORRELATION_MATRIX_STRINGS: CorrelationMatrixStrings = {
  title: { one: 'Correlation of {count} signal', other: 'Correlation of {count} signals' },
  cell: 'Cell {id}',
  window: 'Last {hours} hours',
  synthetic: 'Synthetic data',
  caption: 'Pearson correlation r, from −1 to +1',
  computed: 'Computed in this page over the {readings} readings the series share.',
  // English "series" is its own plural; other languages need the forms.
  loading: { other: 'Loading {count} series…' },
  loadError: 'Could not load the series to correlate.',
  retry: 'Retry',
  incomplete:
    'Nothing to correlate yet: the matrix needs 2 to 8 different signal ids and a window in hours.',
  refused: 'Matrix refused.',
  refusedTitle: 'Correlation matrix',
  undefinedValue: 'n/a',
  undefinedNote: 'n/a: not defined, because a series is flat or they share fewer than 3 readings.',
  tooFewReadings: {
    one: 'The series share only {count} reading, too few for a correlation.',
    other: 'The series share only {count} readings, too few for a correlation.',
  },
  cellMismatch: 'Not of cell {expected} as the props say: {list}.',
  signalOfCell: 'signal {id} belongs to cell {cell}',
  legendNegative: '−1: move opposite',
  legendNone: '0: unrelated',
  legendPositive: '+1: move together',
  signal: 'Signal',
  tableLabel: 'Correlation table',
};

/** The computed matrix and what it was computed from. */
export interface CorrelationResult {
  readonly ids: readonly number[];
  readonly names: readonly string[];
  readonly cells: readonly (number | string | null)[];
  /** r for each pair; null where it is not defined. */
  readonly matrix: readonly (readonly (number | null)[])[];
  /** How many instants every series has a reading at. */
  readonly shared: number;
  readonly synthetic: boolean;
}

interface MatrixRequest {
  readonly ids: readonly number[];
  readonly windowHours: number;
  readonly cellId: string | null;
}

/** Signal ids: a JSON array, or numbers separated by spaces or commas. */
const idsConverter: ComplexAttributeConverter<readonly number[]> = {
  fromAttribute(value) {
    const trimmed = value?.trim() ?? '';
    let items: unknown[] = trimmed.split(/[\s,]+/).filter(Boolean);
    if (trimmed.startsWith('[')) {
      try {
        const parsed = JSON.parse(trimmed) as unknown;
        if (Array.isArray(parsed)) items = parsed;
      } catch {
        // Not JSON: read it as a list.
      }
    }
    return items.map(Number);
  },
  toAttribute(value) {
    return value.join(' ');
  },
};

/** Coefficients in the element's language. */
const rFormat = (lang: string) =>
  numberFormatFor(lang, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

/**
 * How 2 to 8 signals of a cell move together, as `render_correlation_matrix` asks for it. The element fetches each
 * series for the window and computes Pearson's r of every pair over the instants they share: it never shows
 * numbers from its props, and props that carry a matrix of their own are refused with a note. The matrix is a
 * table (one row and column per signal, the value printed in each cell) coloured as a heatmap.
 *
 * @tag correlation-matrix
 * @csspart base - The card.
 * @csspart header - The title and the meta line.
 * @csspart title - The title.
 * @csspart meta - Cell and window.
 * @csspart matrix - The heatmap table.
 * @csspart legend - The colour legend.
 * @csspart computed - The sentence saying the matrix was computed here, and over how many readings.
 * @csspart note - Notes (undefined values, cell mismatch, too few readings).
 * @csspart refused - The note shown for props that carry their own matrix.
 * @csspart loading - The loading skeleton.
 * @csspart error - The load error.
 * @csspart retry - The Retry button.
 * @csspart incomplete - The message shown without 2 to 8 signal ids.
 * @cssprop [--agui-card-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 * @cssprop [--agui-matrix-positive-color=var(--agui-color-platform)] - Cells of positive r.
 * @cssprop [--agui-matrix-negative-color=var(--agui-color-core)] - Cells of negative r.
 * @fires {ArtifactLoadEvent} artifact-load - The series loaded and the matrix is computed.
 * @fires {ArtifactErrorEvent} artifact-error - A series could not be loaded; `detail.reason` says why.
 */
export class CorrelationMatrix extends AguiElement {
  static override styles = [hostStyles, buttonStyles, artifactCardStyles, correlationMatrixStyles];

  private readonly data = new ArtifactDataController<CorrelationResult>(this, () =>
    this.dataRequest(),
  );

  /** The `render_correlation_matrix` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props:
    Partial<CorrelationMatrixProps> | Record<string, unknown> | null = null;

  /** The signals to correlate, 2 to 8 (`props.signal_def_ids`); the attribute takes a list or a JSON array. */
  @property({ attribute: 'signal-def-ids', converter: idsConverter })
  signalDefIds: readonly number[] = [];

  /** How many hours back (`props.window_hours`), 24 by default. */
  @property({ type: Number, attribute: 'window-hours' }) windowHours = 24;

  /** The cell the signals belong to (`props.cell_id`); a signal of another cell gets a note. */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Data lookups of the host; win over `source`, `data-base` and the run's. */
  @property({ attribute: false }) resolver: ArtifactDataResolver | null = null;

  /** `replay` reads the in-page synthetic data (no server). */
  @property() source: ArtifactDataSource | null = null;

  /** Where the `/api/v1/...` data routes live (default: the run's, else the page's origin). */
  @property({ attribute: 'data-base' }) dataBase: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<CorrelationMatrixStrings> = {};

  private handleRetry = () => this.data.retry();

  private refusal(): string | null {
    return carriedMatrix(this.props);
  }

  private resolve(): MatrixRequest | null {
    if (this.refusal() !== null) return null;
    const props = (this.props ?? {}) as Partial<CorrelationMatrixProps>;
    const given = Array.isArray(props.signal_def_ids) ? props.signal_def_ids : this.signalDefIds;
    const ids = given.map(wholeNumber);
    const windowHours = wholeNumber(props.window_hours) ?? wholeNumber(this.windowHours);
    const unique = new Set(ids);
    if (
      ids.length < 2 ||
      ids.length > 8 ||
      ids.includes(null) ||
      unique.size !== ids.length ||
      windowHours === null
    ) {
      return null;
    }
    const cell = props.cell_id ?? this.cellId;
    return {
      ids: ids as number[],
      windowHours,
      cellId: cell === null || cell === undefined || cell === '' ? null : String(cell),
    };
  }

  private dataRequest(): DataRequest<CorrelationResult> | null {
    const request = this.resolve();
    if (!request) return null;
    const { ids, windowHours } = request;
    return {
      key: `${ids.join(',')}|${windowHours}`,
      what: `signals ${ids.join(', ')} over ${windowHours} hours`,
      load: async (resolver, signal) => {
        const answers = await Promise.all(
          ids.map((id) => resolver.signalData(id, windowHours, { signal })),
        );
        const series = answers.map((answer, index) =>
          readSignalSeries(answer, ids[index] as number),
        );
        const columns = await Promise.all(
          series.map((item) =>
            seriesColumns(item.points, {
              yieldToMain,
              what: `series of signal ${item.signal_def_id}`,
            }),
          ),
        );
        const aligned = alignOnTimes(columns);
        const matrix = ids.map((_, row) =>
          ids.map((__, column) =>
            row === column && aligned.times.length >= 3
              ? 1
              : pearson(aligned.values[row] ?? [], aligned.values[column] ?? []),
          ),
        );
        return {
          ids,
          names: series.map((item) => item.name),
          cells: series.map((item) => item.cell_id),
          matrix,
          shared: aligned.times.length,
          synthetic: series.every((item) => item.synthetic),
        };
      },
    };
  }

  private renderMatrix(
    result: CorrelationResult,
    request: MatrixRequest,
    strings: CorrelationMatrixStrings,
  ) {
    const hasUndefined = result.matrix.some((row) => row.some((value) => value === null));
    const elsewhere = result.ids.flatMap((id, index) => {
      const actual = result.cells[index];
      return request.cellId !== null &&
        actual !== null &&
        actual !== undefined &&
        String(actual) !== request.cellId
        ? [format(strings.signalOfCell, { id, cell: String(actual) })]
        : [];
    });
    const mismatches =
      elsewhere.length > 0 && request.cellId !== null
        ? [format(strings.cellMismatch, { list: elsewhere.join(', '), expected: request.cellId })]
        : [];
    const bucket = (value: number) =>
      `${value < 0 ? 'neg' : 'pos'}-${Math.min(10, Math.round(Math.abs(value) * 10))}`;
    return html`${
        result.shared < 3
          ? html`<p part="note" class="note warning">
              ${format(strings.tooFewReadings, { count: result.shared }, this.locale.lang)}
            </p>`
          : nothing
      }
      ${mismatches.map((text) => html`<p part="note" class="note warning">${text}</p>`)}
      <div class="table-scroll" role="region" aria-label=${strings.tableLabel} tabindex="0">
        <table part="matrix" class="matrix">
          <caption class="note">
            ${strings.caption}
          </caption>
          <thead>
            <tr>
              <th scope="col"><span class="visually-hidden">${strings.signal}</span></th>
              ${result.names.map(
                (name, index) =>
                  html`<th scope="col">
                    <span aria-hidden="true">${index + 1}</span
                    ><span class="visually-hidden">${name}</span>
                  </th>`,
              )}
            </tr>
          </thead>
          <tbody>
            ${result.matrix.map(
              (row, rowIndex) =>
                html`<tr>
                  <th scope="row">
                    <span class="index" aria-hidden="true">${rowIndex + 1}</span
                    >${result.names[rowIndex]}
                  </th>
                  ${row.map((value, columnIndex) =>
                    value === null
                      ? html`<td>${strings.undefinedValue}</td>`
                      : html`<td class="${bucket(value)}${rowIndex === columnIndex ? ' self' : ''}">
                          ${rFormat(this.locale.lang).format(value)}
                        </td>`,
                  )}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p part="legend" class="legend">
        <span><span class="swatch neg-10" aria-hidden="true"></span>${strings.legendNegative}</span>
        <span><span class="swatch pos-0" aria-hidden="true"></span>${strings.legendNone}</span>
        <span><span class="swatch pos-10" aria-hidden="true"></span>${strings.legendPositive}</span>
      </p>
      <p part="computed" class="note">
        ${format(strings.computed, {
          readings: numberFormatFor(this.locale.lang).format(result.shared),
        })}
      </p>
      ${hasUndefined ? html`<p part="note" class="note">${strings.undefinedNote}</p>` : nothing}`;
  }

  protected override render() {
    const strings = this.locale.strings(
      'correlation-matrix',
      CORRELATION_MATRIX_STRINGS,
      this.strings,
    );
    const refusal = this.refusal();
    if (refusal !== null) {
      return html`<div part="base" class="base">
        <h3 part="title" class="title">${strings.refusedTitle}</h3>
        <p part="refused" class="note warning" role="note">
          <strong>${strings.refused}</strong> ${refusal}
        </p>
      </div>`;
    }
    const request = this.resolve();
    if (!request) {
      return html`<div part="base" class="base">
        <p part="incomplete" class="note">${strings.incomplete}</p>
      </div>`;
    }
    const state = this.data.state;
    const result = state.status === 'ready' ? state.value : null;
    const body =
      state.status === 'error'
        ? renderLoadError(strings.loadError, state.reason, strings.retry, this.handleRetry)
        : result
          ? this.renderMatrix(result, request, strings)
          : renderSkeleton(
              format(strings.loading, { count: request.ids.length }, this.locale.lang),
            );
    return html`<section part="base" class="base" aria-labelledby="title">
      <header part="header" class="header">
        <h3 id="title" part="title" class="title">
          ${format(strings.title, { count: request.ids.length }, this.locale.lang)}
        </h3>
        <p part="meta" class="meta">
          ${joinMeta([
            ...(request.cellId === null
              ? []
              : [html`<span>${format(strings.cell, { id: request.cellId })}</span>`]),
            html`<span>${format(strings.window, { hours: request.windowHours })}</span>`,
            ...(result?.synthetic ? [html`<span class="badge">${strings.synthetic}</span>`] : []),
          ])}
        </p>
      </header>
      ${body}
    </section>`;
  }
}
