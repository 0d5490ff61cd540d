// <diagnostic-card>: one diagnosis — title, confidence, root cause, contributing factors, pattern match and cell.
import { html, nothing, type ComplexAttributeConverter, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { componentName } from '../../src/artifacts/names.js';
import {
  artifactCellId,
  artifactMatchesCell,
  selectArtifactView,
} from '../../src/artifacts/view.js';
import type { Artifact, RunStatus, RunStoreState } from '../../src/store/types.js';
import { AguiElement } from '../shared/agui-element.js';
import { renderDisclosure, selectDisclosure } from '../shared/disclosure.js';
import { hostStyles } from '../shared/host-styles.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { format } from '../shared/strings.js';
import { diagnosticCardStyles } from './diagnostic-card.styles.js';

/** The props of the `render_diagnostic_card` tool, as an agent sends them. */
export interface DiagnosticCardProps {
  readonly title: string;
  /** 0 to 1. */
  readonly confidence: number;
  readonly root_cause: string;
  readonly contributing_factors: readonly string[];
  readonly pattern_match_id?: string | null;
  readonly cell_id: number | string;
}

/** Every visible string of `<diagnostic-card>`; `{…}` placeholders are filled in. */
export interface DiagnosticCardStrings {
  readonly confidence: string;
  readonly percent: string;
  readonly rootCause: string;
  readonly contributingFactors: string;
  readonly patternMatch: string;
  readonly cell: string;
  readonly empty: string;
  /** While the run's diagnosis streams and there is nothing to show yet. */
  readonly loading: string;
  /** While a new diagnosis streams and an earlier one is shown. */
  readonly updating: string;
  /** A diagnosis from an earlier run after a later run failed; `{run}` and `{latest}` are the run numbers. */
  readonly earlierRun: string;
}

export const DIAGNOSTIC_CARD_STRINGS: DiagnosticCardStrings = {
  confidence: 'Confidence',
  percent: '{value}%',
  rootCause: 'Root cause',
  contributingFactors: 'Contributing factors',
  patternMatch: 'Pattern match {id}',
  cell: 'Cell {id}',
  empty: 'No diagnosis yet.',
  loading: 'Diagnosing…',
  updating: 'A new diagnosis is on its way…',
  earlierRun: 'This diagnosis is from an earlier run (run {run}); the latest run failed.',
};

/** A JSON array of strings, or one factor per line. */
const factorsConverter: ComplexAttributeConverter<readonly string[]> = {
  fromAttribute(value) {
    if (!value?.trim()) return [];
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed = JSON.parse(trimmed) as unknown;
        if (Array.isArray(parsed)) return parsed.map(String);
      } catch {
        // Not JSON after all: read it as lines.
      }
    }
    return trimmed
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  },
  toAttribute(value) {
    return JSON.stringify(value);
  },
};

/** What the card shows: each field from `.props` if it has it, else from the attributes. */
type ResolvedDiagnosis = {
  readonly title: string | null;
  readonly confidence: number | null;
  readonly rootCause: string | null;
  readonly factors: readonly string[];
  readonly patternMatchId: string | null;
  readonly cellId: string | null;
};

interface LatestView {
  readonly artifacts: readonly Artifact[];
  readonly runCellId: string | null;
  readonly runNumber: number;
  readonly runStatus: RunStatus;
}

const selectLatestView = (state: RunStoreState): LatestView => ({
  artifacts: state.artifacts,
  runCellId: selectArtifactView(state).cellId,
  runNumber: state.run.number,
  runStatus: state.run.status,
});

const isDiagnosis = (artifact: Artifact) => componentName(artifact.name) === 'diagnostic-card';

/** Whether the open run is streaming a diagnosis that may be for this cell (a streaming call may name none yet). */
function diagnosisStreams(view: LatestView, cellId: string | null): boolean {
  if (view.runStatus !== 'Connecting' && view.runStatus !== 'Streaming') return false;
  return view.artifacts.some(
    (artifact) =>
      !artifact.complete &&
      artifact.run === view.runNumber &&
      isDiagnosis(artifact) &&
      (artifactCellId(artifact) === null || artifactMatchesCell(artifact, cellId)),
  );
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * One diagnosis: a title, the confidence (a meter with its percentage), the root cause, the contributing factors,
 * an optional pattern match id and the cell. Fields come from `.props` (as a `render_diagnostic_card` call sends
 * them) or from attributes; a field given in `.props` always wins. Without a title or root cause it shows an empty
 * state — or, with `latest` while the run's diagnosis streams, a loading state. With `latest`, a diagnosis from an
 * earlier run says so once a later run has failed. The title attribute is `card-title`, since `title` is the global
 * tooltip attribute.
 *
 * @tag diagnostic-card
 * @csspart base - The card.
 * @csspart header - The title and the pattern/cell line.
 * @csspart title - The title.
 * @csspart meta - The pattern match id and the cell.
 * @csspart confidence - The confidence label, meter and percentage.
 * @csspart meter - The confidence meter.
 * @csspart details - The root cause and the contributing factors.
 * @csspart empty - The message shown without a diagnosis.
 * @csspart loading - The status line while the run's diagnosis streams (`latest`).
 * @csspart earlier - The note that the diagnosis is from an earlier run, after a later run failed (`latest`).
 * @csspart disclosure - The run's disclosure sentence.
 * @cssprop [--agui-card-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 */
export class DiagnosticCard extends AguiElement {
  static override styles = [hostStyles, diagnosticCardStyles];

  private readonly disclosureState = new StoreController(this, selectDisclosure);
  private readonly latestState = new StoreController(this, selectLatestView, {
    equals: shallowEqual,
  });
  private latestToken = 0;
  private latestInputs: readonly unknown[] = [];

  /** The props of the run's latest valid diagnostic card artifact, while `latest` is set. */
  @state() private latestProps: Partial<DiagnosticCardProps> | null = null;

  /** The run number of the artifact `latestProps` came from. */
  @state() private latestRun: number | null = null;

  /** The diagnosis as `render_diagnostic_card` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props: Partial<DiagnosticCardProps> | null = null;

  /** The title (`props.title`). */
  @property({ attribute: 'card-title' }) cardTitle: string | null = null;

  /** The confidence from 0 to 1 (`props.confidence`), shown as a meter and a percentage. */
  @property({ type: Number }) confidence: number | null = null;

  /** The root cause (`props.root_cause`). */
  @property({ attribute: 'root-cause' }) rootCause: string | null = null;

  /** The contributing factors (`props.contributing_factors`); the attribute takes a JSON array or one per line. */
  @property({ attribute: 'contributing-factors', converter: factorsConverter })
  contributingFactors: readonly string[] = [];

  /** The id of a known pattern this diagnosis matches (`props.pattern_match_id`), if any. */
  @property({ attribute: 'pattern-match-id' }) patternMatchId: string | null = null;

  /** The cell the diagnosis is about (`props.cell_id`). */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<DiagnosticCardStrings> = {};

  /**
   * Shows the latest valid `render_diagnostic_card` (or `ui_render` diagnostic card) of the bound run, for `cell-id`
   * if set (else the run's `cell-id`). Fields given in `.props` still win.
   */
  @property({ type: Boolean }) latest = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const { artifacts, runCellId } = this.latestState.value;
    const cellId = this.cellId ?? runCellId;
    const inputs = [this.latest, artifacts, cellId];
    if (inputs.every((input, index) => Object.is(input, this.latestInputs[index]))) return;
    this.latestInputs = inputs;
    const token = (this.latestToken += 1);
    if (!this.latest) {
      this.latestProps = null;
      this.latestRun = null;
      return;
    }
    const candidates = artifacts
      .filter(
        (artifact) =>
          artifact.complete && isDiagnosis(artifact) && artifactMatchesCell(artifact, cellId),
      )
      .reverse();
    // The newest that passes the registry's schema; an invalid one never replaces a valid diagnosis.
    void (async () => {
      // The registry (and zod with it) loads only when a diagnosis is there to check.
      const { artifactRegistry } = await import('../../src/artifacts/builtins.js');
      for (const artifact of candidates) {
        const check = await artifactRegistry.check(artifact.name, artifact.props);
        if (token !== this.latestToken) return;
        if (check.status === 'valid') {
          this.latestProps = check.props as Partial<DiagnosticCardProps>;
          this.latestRun = artifact.run;
          return;
        }
      }
      if (token === this.latestToken) {
        this.latestProps = null;
        this.latestRun = null;
      }
    })();
  }

  /**
   * The fields shown. Sources, weakest first: attributes, the run's latest diagnosis (with `latest`), `.props`.
   */
  protected resolve(): ResolvedDiagnosis {
    const props = { ...this.latestProps, ...this.props };
    const confidence = typeof props.confidence === 'number' ? props.confidence : this.confidence;
    return {
      title: text(props.title) ?? text(this.cardTitle),
      confidence:
        confidence !== null && Number.isFinite(confidence)
          ? Math.min(1, Math.max(0, confidence))
          : null,
      rootCause: text(props.root_cause) ?? text(this.rootCause),
      factors: Array.isArray(props.contributing_factors)
        ? props.contributing_factors.map(String)
        : this.contributingFactors,
      patternMatchId: text(props.pattern_match_id) ?? text(this.patternMatchId),
      cellId: text(props.cell_id) ?? text(this.cellId),
    };
  }

  private renderConfidence(confidence: number | null, strings: DiagnosticCardStrings) {
    if (confidence === null) return nothing;
    const percent = format(strings.percent, { value: Math.round(confidence * 100) });
    return html`<div part="confidence" class="confidence">
      <label for="confidence">${strings.confidence}</label>
      <meter
        id="confidence"
        part="meter"
        min="0"
        max="1"
        low="0.5"
        high="0.8"
        optimum="1"
        .value=${confidence}
        aria-valuetext=${percent}
      ></meter>
      <span class="percent">${percent}</span>
    </div>`;
  }

  /** The note that the shown diagnosis predates a later, failed run (only for one `latest` found). */
  private renderEarlierRun(strings: DiagnosticCardStrings) {
    const { runNumber, runStatus } = this.latestState.value;
    if (!this.latest || this.latestProps === null || this.latestRun === null) return nothing;
    if (runStatus !== 'Failed' || runNumber <= this.latestRun) return nothing;
    return html`<p part="earlier" class="earlier">
      ${format(strings.earlierRun, { run: this.latestRun, latest: runNumber })}
    </p>`;
  }

  protected override render() {
    const strings = this.locale.strings('diagnostic-card', DIAGNOSTIC_CARD_STRINGS, this.strings);
    const diagnosis = this.resolve();
    const disclosure = this.disclosureState.value;
    const disclosureLine = renderDisclosure(disclosure);
    const streaming =
      this.latest &&
      diagnosisStreams(this.latestState.value, this.cellId ?? this.latestState.value.runCellId);
    if (diagnosis.title === null && diagnosis.rootCause === null) {
      return html`<div part="base" class="base" aria-busy=${streaming ? 'true' : nothing}>
        ${
          streaming
            ? html`<p part="loading" class="loading" role="status">${strings.loading}</p>`
            : html`<p part="empty" class="empty">${strings.empty}</p>`
        }
        ${disclosureLine}
      </div>`;
    }
    const meta = [
      diagnosis.cellId === null ? null : format(strings.cell, { id: diagnosis.cellId }),
      diagnosis.patternMatchId === null
        ? null
        : format(strings.patternMatch, { id: diagnosis.patternMatchId }),
    ].filter((item): item is string => item !== null);
    return html`<article
      part="base"
      class="base"
      aria-labelledby=${diagnosis.title ? 'title' : nothing}
      aria-busy=${streaming ? 'true' : nothing}
    >
      ${
        streaming
          ? html`<p part="loading" class="loading" role="status">${strings.updating}</p>`
          : nothing
      }
      ${this.renderEarlierRun(strings)}
      <header part="header" class="header">
        ${diagnosis.title ? html`<h3 id="title" part="title" class="title" dir="auto">${diagnosis.title}</h3>` : nothing}
        ${meta.length > 0 ? html`<p part="meta" class="meta">${meta.join(' · ')}</p>` : nothing}
      </header>
      ${this.renderConfidence(diagnosis.confidence, strings)}
      <dl part="details">
        ${
          diagnosis.rootCause
            ? html`<div>
                <dt>${strings.rootCause}</dt>
                <dd dir="auto">${diagnosis.rootCause}</dd>
              </div>`
            : nothing
        }
        ${
          diagnosis.factors.length > 0
            ? html`<div>
                <dt>${strings.contributingFactors}</dt>
                <dd>
                  <ul>
                    ${diagnosis.factors.map((factor) => html`<li dir="auto">${factor}</li>`)}
                  </ul>
                </dd>
              </div>`
            : nothing
        }
      </dl>
      ${disclosureLine}
    </article>`;
  }
}
