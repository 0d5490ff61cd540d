// <run-controls>: Scenario, Run, Recover and Cancel for a run store, its status as a live region and its activity log.
import { failureText } from '../shared/failure-text.js';
import {
  ACTIVITY_TABLE,
  activitySentence,
  type ActivityParams,
  type ActivityStrings,
} from '../../src/store/activity.js';
import { FAILURE_TEXT, isFailureCode } from '../../src/i18n/failures.js';
import { html, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { isRunOpen } from '../../src/store/reducer.js';
import type { ChannelInfo } from '../../src/channel/types.js';
import type { ActivityEntry, RunInfo, RunStoreState } from '../../src/store/types.js';
import { AguiElement } from '../shared/agui-element.js';
import { renderDisclosure, selectDisclosure } from '../shared/disclosure.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { format } from '../shared/strings.js';
import {
  CHANNEL_LINE_STRINGS,
  ChannelAnnouncer,
  channelLineStyles,
  renderChannelLine,
  timeFormat,
  type ChannelLineStrings,
} from './channel-line.js';
import { runControlsStyles } from './run-controls.styles.js';

/** The scenarios of the analysis demo, as sent in `forwardedProps.scenario`. */
export type RunControlsScenario = 'normal' | 'invalid' | 'slow';

const SCENARIOS: readonly RunControlsScenario[] = ['normal', 'invalid', 'slow'];

/** Every visible string of `<run-controls>`; `{reason}` and `{count}` are filled in. */
export interface RunControlsStrings extends ChannelLineStrings {
  readonly scenario: string;
  readonly normal: string;
  readonly invalid: string;
  readonly slow: string;
  readonly run: string;
  readonly recover: string;
  readonly cancel: string;
  readonly idle: string;
  readonly connecting: string;
  readonly streaming: string;
  readonly needsApproval: string;
  readonly completed: string;
  readonly cancelled: string;
  readonly failed: string;
  readonly noStore: string;
  readonly activity: string;
  readonly activityEmpty: string;
  /**
   * The activity log's sentences in your words, by entry code (`runCompleted: 'Lauf {run} fertig'`…; see
   * `ACTIVITY_TEXT` for the codes and their placeholders). Entries without one keep the English default.
   */
  readonly activityLog: Partial<ActivityStrings>;
}

export const RUN_CONTROLS_STRINGS: RunControlsStrings = {
  scenario: 'Scenario',
  normal: 'Normal',
  invalid: 'Invalid patch',
  slow: 'Slow',
  run: 'Run',
  recover: 'Recover',
  cancel: 'Cancel',
  idle: 'Idle',
  connecting: 'Connecting',
  streaming: 'Streaming',
  needsApproval: 'Needs approval',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed: {reason}',
  noStore: 'Not connected to a run',
  activity: 'Activity ({count})',
  activityEmpty: 'Nothing has happened yet.',
  activityLog: {},
  ...CHANNEL_LINE_STRINGS,
};

interface ControlsView {
  readonly run: RunInfo;
  readonly activity: readonly ActivityEntry[];
  readonly disclosure: string | null;
  readonly channel: ChannelInfo | null;
}

const selectControls = (state: RunStoreState): ControlsView => ({
  run: state.run,
  activity: state.activity,
  disclosure: selectDisclosure(state),
  channel: state.channel,
});

/** How many activity entries the log lists. */
const ACTIVITY_SHOWN = 12;

type Action = 'run' | 'recover' | 'cancel';

/**
 * Scenario, Run, Recover and Cancel for a run, with a live status naming the run state and the activity log.
 *
 * Run is disabled while a run is Connecting or Streaming; Cancel is enabled only then; Recover only after Failed or
 * Cancelled. In Needs approval, Run starts a new run and the store answers the open items as cancelled. Choosing
 * another scenario changes only the next run.
 *
 * @tag run-controls
 * @csspart base - The wrapper of everything.
 * @csspart controls - The row of the scenario field and the actions.
 * @csspart scenario - The Scenario select.
 * @csspart actions - The group of the three buttons.
 * @csspart run-button - The Run button.
 * @csspart recover-button - The Recover button.
 * @csspart cancel-button - The Cancel button.
 * @csspart status - The live region that names the run state.
 * @csspart channel - The line that tells the state of the run's channel (only with a channel).
 * @csspart disclosure - The run's disclosure sentence.
 * @csspart activity - The activity log disclosure.
 * @cssprop [--agui-controls-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-controls-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-controls-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-controls-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-controls-radius=var(--agui-radius)] - Corner radius.
 */
export class RunControls extends AguiElement {
  static override styles = [hostStyles, buttonStyles, runControlsStyles, channelLineStyles];

  private readonly state = new StoreController(this, selectControls, { equals: shallowEqual });

  @query('.actions') private readonly actions!: HTMLElement | null;

  /** The scenario the next Run uses: `normal`, `invalid` or `slow`. */
  @property() scenario: RunControlsScenario = 'normal';

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<RunControlsStrings> = {};

  /** The action button that had focus when the last update began. */
  private focusedAction: Action | null = null;

  private readonly channelAnnouncer = new ChannelAnnouncer();

  protected override willUpdate(): void {
    const active = this.shadowRoot?.activeElement;
    this.focusedAction =
      active instanceof HTMLButtonElement
        ? ((active.dataset.action as Action | undefined) ?? null)
        : null;
    const text = this.locale.strings('run-controls', RUN_CONTROLS_STRINGS, this.strings);
    this.channelAnnouncer.observe(this.state.value.channel, text);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.keepFocus();
  }

  private handleScenarioChange(event: Event): void {
    const value = (event.target as HTMLSelectElement).value;
    if ((SCENARIOS as readonly string[]).includes(value))
      this.scenario = value as RunControlsScenario;
  }

  private handleRun(): void {
    this.state.store?.run({ scenario: this.scenario });
  }

  private handleRecover(): void {
    this.state.store?.recover();
  }

  private handleCancel(): void {
    this.state.store?.cancel();
  }

  /** A keyboard user's button went disabled under them (Run while a run starts): move focus to the next action. */
  private keepFocus(): void {
    const action = this.focusedAction;
    if (!action || !this.actions) return;
    const button = this.actions.querySelector<HTMLButtonElement>(`[data-action='${action}']`);
    if (!button?.disabled) return;
    const order: Action[] = action === 'run' ? ['cancel', 'recover'] : ['run', 'recover', 'cancel'];
    for (const next of order) {
      const candidate = this.actions.querySelector<HTMLButtonElement>(`[data-action='${next}']`);
      if (candidate && !candidate.disabled) {
        candidate.focus();
        return;
      }
    }
  }

  private statusText(run: RunInfo, text: RunControlsStrings): string {
    if (!this.state.store) return text.noStore;
    switch (run.status) {
      case 'Idle':
        return text.idle;
      case 'Connecting':
        return text.connecting;
      case 'Streaming':
        return text.streaming;
      case 'Needs approval':
        return text.needsApproval;
      case 'Completed':
        return text.completed;
      case 'Cancelled':
        return text.cancelled;
      case 'Failed':
        return format(text.failed, { reason: failureText(run.failure, this.locale) });
      default: {
        const unknown: never = run.status;
        return unknown;
      }
    }
  }

  private renderActivity(activity: readonly ActivityEntry[], text: RunControlsStrings) {
    const entries = activity.slice(-ACTIVITY_SHOWN);
    // The log's sentences in the element's language (the pack's `activity` table), the host's activityLog over them.
    const sentences = this.locale.strings<typeof ACTIVITY_TABLE>(
      'activity',
      ACTIVITY_TABLE,
      text.activityLog,
    );
    const failures = this.locale.strings('failure', FAILURE_TEXT);
    const reason = (code: string, params: ActivityParams) =>
      isFailureCode(code) ? this.locale.format(failures[code], params) : null;
    // A language pack that could not load is logged here too (in English, the words it has), not in the store.
    const note = this.locale.note;
    const count = entries.length + (note ? 1 : 0);
    return html`<details part="activity">
      <summary>${format(text.activity, { count })}</summary>
      ${
        count === 0
          ? html`<p>${text.activityEmpty}</p>`
          : html`<ol>
              ${note ? html`<li lang="en" dir="ltr" data-code="languageMissing">${note}</li>` : nothing}
              ${entries.map(
                (entry) =>
                  html`<li>
                    <time datetime=${new Date(entry.at).toISOString()}
                      >${timeFormat(this.locale.lang).format(entry.at)}</time
                    >
                    <span>${activitySentence(entry, sentences, reason)}</span>
                  </li>`,
              )}
            </ol>`
      }
    </details>`;
  }

  protected override render() {
    const text = this.locale.strings('run-controls', RUN_CONTROLS_STRINGS, this.strings);
    const { run, activity, disclosure } = this.state.value;
    const connected = this.state.store !== null;
    const open = isRunOpen(run);
    const canRecover = run.status === 'Failed' || run.status === 'Cancelled';
    return html`<div part="base" class="base">
      <div part="controls" class="controls">
        <div class="field">
          <label for="scenario">${text.scenario}</label>
          <select
            id="scenario"
            part="scenario"
            .value=${this.scenario}
            @change=${this.handleScenarioChange}
          >
            ${SCENARIOS.map(
              (scenario) =>
                html`<option value=${scenario} ?selected=${scenario === this.scenario}>
                  ${text[scenario]}
                </option>`,
            )}
          </select>
        </div>
        <div part="actions" class="actions">
          <button
            part="run-button"
            class="button primary"
            type="button"
            data-action="run"
            ?disabled=${!connected || open}
            @click=${this.handleRun}
          >
            ${text.run}
          </button>
          <button
            part="recover-button"
            class="button"
            type="button"
            data-action="recover"
            ?disabled=${!connected || !canRecover}
            @click=${this.handleRecover}
          >
            ${text.recover}
          </button>
          <button
            part="cancel-button"
            class="button"
            type="button"
            data-action="cancel"
            ?disabled=${!connected || !open}
            @click=${this.handleCancel}
          >
            ${text.cancel}
          </button>
        </div>
      </div>
      <p part="status" class="status" role="status" data-status=${run.status}>
        ${this.statusText(run, text)}
      </p>
      ${renderChannelLine(this.state.value.channel, this.channelAnnouncer, text, this.locale.lang)}
      ${renderDisclosure(disclosure)} ${this.renderActivity(activity, text)}
    </div>`;
  }
}
