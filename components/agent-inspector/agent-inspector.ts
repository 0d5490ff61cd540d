// <agent-inspector>: every AG-UI event a run store acted on, in a virtualized table, with state-at-event and recordings.
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { EventLog, type LogFilter } from '../../src/inspector/event-log.js';
import { EVENT_FAMILIES, type EventFamily } from '../../src/inspector/summary.js';
import { recordingFromRecords } from '../../src/recording/from-records.js';
import type { RecordingRedactor } from '../../src/recording/redact.js';
import type { TapRecord } from '../../src/store/event-tap.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { LocaleController } from '../shared/locale-controller.js';
import { agentInspectorStyles } from './agent-inspector.styles.js';
import { renderDetail } from './inspector-detail.js';
import { renderEventTable, ROW_HEIGHT, sizeSpacers, windowOf } from './inspector-table.js';
import { StoreFinder, type InspectableStore } from './store-finder.js';
import { AGENT_INSPECTOR_STRINGS, type AgentInspectorStrings } from './strings.js';

export { AGENT_INSPECTOR_STRINGS, type AgentInspectorStrings } from './strings.js';

type State = Readonly<Record<string, unknown>>;

/** The key of each family's option in the strings table. */
const FAMILY_KEYS: Readonly<Record<EventFamily, `family${Capitalize<EventFamily>}`>> = {
  lifecycle: 'familyLifecycle',
  text: 'familyText',
  tool: 'familyTool',
  state: 'familyState',
  reasoning: 'familyReasoning',
  activity: 'familyActivity',
  subagent: 'familySubagent',
  custom: 'familyCustom',
  other: 'familyOther',
};

const KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp', 'Enter', ' ']);

/**
 * Shows every AG-UI event a run store acted on: a virtualized table captioned "AG-UI events", filters, the selected
 * event's JSON and the agent state right after it, and **Download recording**. Finds its store by `.store`, by
 * `run="ID"` (the provider's public `.store`) or as a descendant of `<agent-run>` (a `Symbol.for` context key).
 * It shows the thread's events from before it found its store too, where the store kept them: a store keeps its
 * current thread's newest 10,000 once anything subscribed to its events or once the inspector bundle loaded.
 *
 * @tag agent-inspector
 * @csspart base - The wrapper.
 * @csspart table - The events table.
 * @csspart detail - The selected event's panel.
 * @cssprop [--agui-inspector-height=22rem] - Height of the table and of the detail panel.
 * @cssprop [--agui-inspector-padding=var(--agui-space-m)] - Padding around the inspector.
 */
export class AgentInspector extends LitElement {
  static override styles = [hostStyles, buttonStyles, agentInspectorStyles];

  private readonly finder = new StoreFinder(this, (store) => this.attach(store));
  private readonly locale = new LocaleController(this);

  @query('.scroller') private scroller!: HTMLElement | null;

  @state() private family: LogFilter['family'] = 'all';
  @state() private filterText = '';
  @state() private paused = false;
  @state() private selected = -1;
  /** The reason the last recording could not be written (a host's `.redact` threw), or null. */
  @state() private downloadError: string | null = null;

  /** Forces the light or dark theme; without it the element follows `prefers-color-scheme`. */
  @property({ reflect: true }) theme: 'light' | 'dark' | undefined;

  /** The run store to inspect (any object with `events$`, `state$` and `getState()`); wins over `run`. */
  @property({ attribute: false }) store: InspectableStore | null = null;

  /** The id of the `<agent-run>` to inspect, like `<label for>`. */
  @property({ reflect: true }) run: string | null = null;

  /** The host's redaction over each recording line: return the line (changed or not), or null to drop it. */
  @property({ attribute: false }) redact: RecordingRedactor | null = null;

  /** Keep attachments' base64 data in recordings (by default replaced by their size and type). */
  @property({ type: Boolean, attribute: 'keep-attachment-data' }) keepAttachmentData = false;

  /** Replacements for the default strings (a partial object merged over them and over the page's language pack). */
  @property({ attribute: false }) strings: Partial<AgentInspectorStrings> = {};

  private log = new EventLog({});
  private visible: number[] = [];
  private unseen = 0;
  private attached: InspectableStore | null = null;
  private subscriptions: { unsubscribe(): void }[] = [];
  private lastState: State | null = null;
  private stateChanges = 0;
  /** The store is handing over the records it kept from before (each carries its state). */
  private replaying = false;
  private frame = 0;
  private tableTop = 0;
  private viewportHeight = 0;
  private following = true;
  private focusPosition = 0;
  private focusAfterUpdate = false;
  private resizeObserver: ResizeObserver | null = null;

  /** How many events are in the log. */
  get eventCount(): number {
    return this.log.rows.length;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store') || changed.has('run')) this.finder.resolve();
    if (this.following && !this.paused) this.tableTop = this.maxScrollTop();
  }

  protected override updated(): void {
    const scroller = this.scroller;
    if (!scroller) return;
    sizeSpacers(scroller);
    if (!this.resizeObserver) {
      this.resizeObserver = new ResizeObserver(() => this.handleResize());
      this.resizeObserver.observe(scroller);
      this.viewportHeight = scroller.clientHeight;
    }
    if (Math.abs(scroller.scrollTop - this.tableTop) >= 1) scroller.scrollTop = this.tableTop;
    if (this.focusAfterUpdate) {
      this.focusAfterUpdate = false;
      scroller.querySelector<HTMLElement>(`tr[data-position="${this.focusPosition}"]`)?.focus();
    }
  }

  /** The log as a recording (JSON Lines), redacted: headers never, attachment bytes unless kept, then `.redact`. */
  recording(): string {
    return recordingFromRecords(
      this.log.rows.map((row) => row.record),
      { redact: this.redact, keepAttachmentData: this.keepAttachmentData },
    );
  }

  /** Empties the log; recording starts again from here. */
  clear(): void {
    this.log.clear(this.currentState());
    this.visible = [];
    this.unseen = 0;
    this.selected = -1;
    this.focusPosition = 0;
    this.following = true;
    this.requestUpdate();
  }

  private handleRecord(record: TapRecord): void {
    // Side runs (MCP Apps' requests) are outside the conversation: shown marked, never in a recording, and their
    // records carry no state of the conversation's own.
    const kept = this.replaying && !record.side ? record.state : undefined;
    // The first kept record's state is where they began (a run's start changes no agent state).
    if (kept && this.log.rows.length === 0) this.log.clear(kept);
    const changes = record.side ? 0 : kept ? 2 : this.stateChanges;
    const row = this.log.add(record, kept ?? this.currentState(), changes);
    if (!kept && !record.side) this.stateChanges = 0;
    if (this.paused) this.unseen += 1;
    else if (EventLog.matches(row, this.filter())) this.visible.push(row.index);
    this.schedule();
  }

  private handleScroll(): void {
    const scroller = this.scroller;
    if (!scroller) return;
    const top = scroller.scrollTop;
    // Against what is drawn: while events stream in, the log is already longer than the rows on screen.
    this.following = top >= scroller.scrollHeight - scroller.clientHeight - ROW_HEIGHT / 2;
    if (Math.abs(top - this.tableTop) < 1) return;
    const before = windowOf(this.view());
    this.tableTop = top;
    const after = windowOf(this.view());
    if (before.start !== after.start || before.end !== after.end) this.schedule();
  }

  private handleResize(): void {
    const height = this.scroller?.clientHeight ?? 0;
    if (height === this.viewportHeight) return;
    this.viewportHeight = height;
    this.schedule();
  }

  private handleFamily(event: Event): void {
    this.family = (event.target as HTMLSelectElement).value as LogFilter['family'];
    this.rebuild();
  }

  private handleText(event: Event): void {
    this.filterText = (event.target as HTMLInputElement).value;
    this.rebuild();
  }

  private handlePause(): void {
    this.paused = !this.paused;
    if (!this.paused) {
      this.following = true;
      this.rebuild();
    }
  }

  private handleDownload(): void {
    let text: string;
    try {
      text = this.recording();
    } catch (error) {
      // A host's `.redact` that throws: say so here rather than throw into the page.
      this.downloadError = error instanceof Error ? error.message : String(error);
      return;
    }
    this.downloadError = null;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `agui-recording-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  private handleRowClick(event: Event): void {
    const row = (event.target as Element).closest<HTMLElement>('tr.row');
    if (row) this.select(Number(row.dataset.position), false);
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (!KEYS.has(event.key) || this.visible.length === 0) return;
    event.preventDefault();
    const page = Math.max(1, Math.floor(this.viewportHeight / ROW_HEIGHT) - 1);
    const last = this.visible.length - 1;
    const row = (event.target as Element).closest<HTMLElement>('tr.row');
    const current = row ? Number(row.dataset.position) : this.focusPosition;
    const target: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: last,
      PageDown: current + page,
      PageUp: current - page,
      Enter: current,
      ' ': current,
    };
    this.select(Math.max(0, Math.min(last, target[event.key] ?? current)), true);
  }

  /** Selects the row at a position of the filtered list, scrolls it into view and (from the keyboard) focuses it. */
  private select(position: number, focus: boolean): void {
    const index = this.visible[position];
    if (index === undefined) return;
    this.selected = index;
    this.focusPosition = position;
    this.following = false;
    const top = (position + 1) * ROW_HEIGHT;
    if (top - ROW_HEIGHT < this.tableTop) this.tableTop = Math.max(0, top - ROW_HEIGHT);
    else if (top + ROW_HEIGHT > this.tableTop + this.viewportHeight) {
      this.tableTop = top + ROW_HEIGHT - this.viewportHeight;
    }
    this.focusAfterUpdate = focus;
    this.requestUpdate();
  }

  private attach(store: InspectableStore | null): void {
    if (store === this.attached) return;
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
    this.attached = store;
    this.lastState = store ? store.getState().agentState.value : null;
    this.clear();
    if (!store) return;
    this.subscriptions.push(
      store.state$.subscribe({
        next: (value) => {
          if (value.agentState.value === this.lastState) return;
          this.lastState = value.agentState.value;
          this.stateChanges += 1;
        },
        // A disposed store: look for the provider's next one.
        complete: () => queueMicrotask(() => this.finder.resolve()),
      }),
    );
    this.replaying = true;
    this.subscriptions.push(
      store.events$.subscribe({ next: (record) => this.handleRecord(record) }),
    );
    this.replaying = false;
  }

  private currentState(): State {
    return this.attached?.getState().agentState.value ?? {};
  }

  private filter(): LogFilter {
    return { family: this.family, text: this.filterText.trim() };
  }

  private rebuild(): void {
    const filter = this.filter();
    this.visible = [];
    for (const row of this.log.rows)
      if (EventLog.matches(row, filter)) this.visible.push(row.index);
    this.unseen = 0;
    const position = this.visible.indexOf(this.selected);
    this.focusPosition = position >= 0 ? position : 0;
    this.requestUpdate();
  }

  /** One update per frame, however many events arrive. */
  private schedule(): void {
    if (this.frame !== 0 || !this.isConnected) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.requestUpdate();
    });
  }

  private maxScrollTop(): number {
    return Math.max(0, (this.visible.length + 1) * ROW_HEIGHT - this.viewportHeight);
  }

  /** The inspector's sentences in its language, the host's `strings` over them. */
  private text(): AgentInspectorStrings {
    return this.locale.strings('agent-inspector', AGENT_INSPECTOR_STRINGS, this.strings);
  }

  private view() {
    return {
      rows: this.log.rows,
      visible: this.visible,
      scrollTop: this.tableTop,
      viewportHeight: this.viewportHeight,
      selected: this.selected,
      focusPosition: Math.min(this.focusPosition, Math.max(0, this.visible.length - 1)),
      lang: this.locale.lang,
      text: this.text(),
    };
  }

  private renderStatus(text: AgentInspectorStrings) {
    if (!this.attached) return html`<p class="status">${text.noStore}</p>`;
    const total = this.log.rows.length;
    const filtered = this.family !== 'all' || this.filterText.trim() !== '';
    const parts = [this.locale.format(text.events, { count: total })];
    if (filtered) parts.push(this.locale.format(text.shown, { count: this.visible.length }));
    if (this.paused) {
      parts.push(
        this.unseen > 0 ? this.locale.format(text.pausedNew, { count: this.unseen }) : text.paused,
      );
    }
    const failure = this.downloadError
      ? this.locale.format(text.recordingFailed, { reason: this.downloadError })
      : null;
    return html`<p class="status">${parts.join(' · ')}</p>
      ${failure ? html`<p class="failure" role="alert">${failure}</p>` : nothing}`;
  }

  private renderToolbar(text: AgentInspectorStrings) {
    return html`<div class="toolbar" part="toolbar">
      <span class="title" aria-hidden="true">${text.title}</span>
      <label
        >${text.types}
        <select @change=${this.handleFamily} .value=${this.family}>
          <option value="all">${text.allTypes}</option>
          <option value="failures">${text.failures}</option>
          ${EVENT_FAMILIES.map((id) => html`<option value=${id}>${text[FAMILY_KEYS[id]]}</option>`)}
        </select>
      </label>
      <label
        >${text.filterEvents}
        <input type="search" .value=${this.filterText} @input=${this.handleText} />
      </label>
      <button class="button" type="button" @click=${this.handlePause}>
        ${this.paused ? text.resume : text.pause}
      </button>
      <button class="button" type="button" @click=${() => this.clear()}>${text.clear}</button>
      <button
        class="button"
        type="button"
        ?disabled=${!this.attached}
        @click=${this.handleDownload}
      >
        ${text.downloadRecording}
      </button>
    </div>`;
  }

  protected override render() {
    const view = this.view();
    const { text } = view;
    const selectedRow = this.selected >= 0 ? this.log.rows[this.selected] : undefined;
    return html`<div class="base" part="base">
      ${this.renderToolbar(text)} ${this.renderStatus(text)}
      <div class="panes">
        <div
          class="scroller"
          @scroll=${this.handleScroll}
          @click=${this.handleRowClick}
          @keydown=${this.handleKeydown}
          tabindex=${view.visible.length === 0 ? 0 : nothing}
          role=${view.visible.length === 0 ? 'region' : nothing}
          aria-label=${view.visible.length === 0 ? text.titleEmpty : nothing}
        >
          ${renderEventTable(view)}
        </div>
        <div
          class="detail"
          part="detail"
          tabindex="0"
          role="region"
          aria-label=${text.selectedEvent}
        >
          ${renderDetail(this.log, selectedRow, view)}
        </div>
      </div>
    </div>`;
  }
}
