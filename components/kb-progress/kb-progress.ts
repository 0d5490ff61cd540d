// <kb-progress>: the steps of building a knowledge base and where each stands.
import { html, nothing, type ComplexAttributeConverter } from 'lit';
import { property } from 'lit/decorators.js';
import type { KbProgressProps, KbProgressStep, KbStepStatus } from '../../src/artifacts/props.js';
import { AguiElement } from '../shared/agui-element.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { hostStyles } from '../shared/host-styles.js';
import { format, type PluralStrings } from '../shared/strings.js';
import { kbProgressStyles } from './kb-progress.styles.js';

/** Every visible string of `<kb-progress>`; `{…}` placeholders are filled in. */
export interface KbProgressStrings {
  readonly title: string;
  readonly cell: string;
  readonly progress: PluralStrings;
  readonly failedCount: PluralStrings;
  readonly pending: string;
  readonly running: string;
  readonly done: string;
  readonly failed: string;
  readonly skipped: string;
  readonly empty: string;
}

export const KB_PROGRESS_STRINGS: KbProgressStrings = {
  title: 'Knowledge base progress',
  cell: 'Cell {id}',
  progress: { one: '{done} of {total} step done', other: '{done} of {total} steps done' },
  // English says "1 failed" and "2 failed" alike; other languages need the forms.
  failedCount: { other: '{count} failed' },
  pending: 'Pending',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
  empty: 'No steps yet.',
};

const STATUSES: readonly KbStepStatus[] = ['pending', 'running', 'done', 'failed', 'skipped'];
const ICONS: Readonly<Record<KbStepStatus, string>> = {
  pending: '○',
  running: '◐',
  done: '✓',
  failed: '✕',
  skipped: '–',
};

/** Steps as a JSON array of `{ label, status }`. */
const stepsConverter: ComplexAttributeConverter<readonly KbProgressStep[]> = {
  fromAttribute(value) {
    if (!value?.trim()) return [];
    try {
      const parsed = JSON.parse(value) as unknown;
      return Array.isArray(parsed) ? (parsed as KbProgressStep[]) : [];
    } catch {
      return [];
    }
  },
  toAttribute(value) {
    return JSON.stringify(value);
  },
};

function usableSteps(steps: unknown): KbProgressStep[] {
  if (!Array.isArray(steps)) return [];
  return steps.filter(
    (step): step is KbProgressStep =>
      typeof step === 'object' &&
      step !== null &&
      typeof (step as KbProgressStep).label === 'string' &&
      STATUSES.includes((step as KbProgressStep).status),
  );
}

/**
 * The steps of building a cell's knowledge base, as `render_kb_progress` sends them: a progress bar ("3 of 4 steps
 * done") and the steps in order, each with its status as a word and an icon (pending, running, done, failed,
 * skipped). The running step is the current one (`aria-current="step"`).
 *
 * @tag kb-progress
 * @csspart base - The card.
 * @csspart header - The title and the cell.
 * @csspart title - The title.
 * @csspart meta - The cell.
 * @csspart progress - The progress bar and its text.
 * @csspart steps - The list of steps.
 * @csspart step - One step.
 * @csspart empty - The message shown without steps.
 * @cssprop [--agui-card-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 * @cssprop [--agui-kb-progress-color=var(--agui-color-success)] - The progress bar.
 */
export class KbProgress extends AguiElement {
  static override styles = [hostStyles, artifactCardStyles, kbProgressStyles];

  /** The `render_kb_progress` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props: Partial<KbProgressProps> | null = null;

  /** The steps (`props.steps`); the attribute takes a JSON array of `{ label, status }`. */
  @property({ converter: stepsConverter }) steps: readonly KbProgressStep[] = [];

  /** The cell the knowledge base is about (`props.cell_id`). */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<KbProgressStrings> = {};

  protected override render() {
    const strings = this.locale.strings('kb-progress', KB_PROGRESS_STRINGS, this.strings);
    const props = this.props ?? {};
    const steps = usableSteps(props.steps ?? this.steps);
    const cell = props.cell_id ?? this.cellId;
    const done = steps.filter((step) => step.status === 'done').length;
    const failed = steps.filter((step) => step.status === 'failed').length;
    const progressText = [
      format(
        strings.progress,
        { done, total: steps.length, count: steps.length },
        this.locale.lang,
      ),
      failed > 0 ? format(strings.failedCount, { count: failed }, this.locale.lang) : null,
    ]
      .filter(Boolean)
      .join(' · ');
    return html`<section part="base" class="base" aria-labelledby="title">
      <header part="header" class="header">
        <h3 id="title" part="title" class="title">${strings.title}</h3>
        ${
          cell === null || cell === undefined || cell === ''
            ? nothing
            : html`<p part="meta" class="meta">${format(strings.cell, { id: String(cell) })}</p>`
        }
      </header>
      ${
        steps.length === 0
          ? html`<p part="empty" class="note">${strings.empty}</p>`
          : html`<div part="progress" class="progress">
                <progress
                  id="progress"
                  max=${steps.length}
                  .value=${done}
                  aria-label=${progressText}
                ></progress>
                <span>${progressText}</span>
              </div>
              <ol part="steps">
                ${steps.map(
                  (step) =>
                    html`<li
                      part="step"
                      class=${step.status}
                      aria-current=${step.status === 'running' ? 'step' : nothing}
                    >
                      <span class="icon" aria-hidden="true">${ICONS[step.status]}</span>
                      <span class="label" dir="auto">${step.label}</span>
                      <span class="status">${strings[step.status]}</span>
                    </li>`,
                )}
              </ol>`
      }
    </section>`;
  }
}
