// <work-order-card>: a work order fetched by id — title, priority, status, summary, steps — and Print for it alone.
import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { readWorkOrder, type WorkOrderData } from '../../src/artifacts/data.js';
import type { WorkOrderCardProps } from '../../src/artifacts/props.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import type { ArtifactDataSource } from '../../src/artifacts/view.js';
import { AguiElement } from '../shared/agui-element.js';
import { ArtifactDataController, type DataRequest } from '../shared/artifact-data.js';
import { WorkOrderPrintEvent } from '../shared/artifact-events.js';
import { joinMeta, renderLoadError, renderSkeleton } from '../shared/artifact-parts.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { dateFormatFor } from '../../src/i18n/intl.js';
import { format } from '../shared/strings.js';
import { workOrderCardStyles } from './work-order-card.styles.js';

/** Every visible string of `<work-order-card>`; `{…}` placeholders are filled in. */
export interface WorkOrderCardStrings {
  readonly eyebrow: string;
  readonly loading: string;
  readonly loadError: string;
  readonly retry: string;
  readonly incomplete: string;
  readonly priority: string;
  readonly status: string;
  readonly cell: string;
  readonly created: string;
  readonly steps: string;
  readonly synthetic: string;
  readonly cellMismatch: string;
  readonly print: string;
  readonly printLabel: string;
}

export const WORK_ORDER_CARD_STRINGS: WorkOrderCardStrings = {
  eyebrow: 'Work order {id}',
  loading: 'Loading work order {id}…',
  loadError: 'Could not load work order {id}.',
  retry: 'Retry',
  incomplete: 'No work order to show yet: the card needs a work order id.',
  priority: 'Priority: {value}',
  status: 'Status: {value}',
  cell: 'Cell {id}',
  created: 'Created {at}',
  steps: 'Steps',
  synthetic: 'Synthetic data',
  cellMismatch:
    'This work order belongs to cell {actual}, not to cell {expected} as the props say.',
  print: 'Print',
  printLabel: 'Print work order {id}',
};

/** The attribute that marks the page-level copy a Print shows alone. */
export const PRINT_ROOT_ATTRIBUTE = 'data-agui-print';

/** Hides everything but the print copy on paper, and the copy on screen. */
const PRINT_PAGE_CSS = `
@media screen { [${PRINT_ROOT_ATTRIBUTE}] { display: none !important; } }
@media print {
  body > :not([${PRINT_ROOT_ATTRIBUTE}]) { display: none !important; }
  [${PRINT_ROOT_ATTRIBUTE}] { display: block !important; }
}`;

interface OrderRequest {
  readonly workOrderId: string;
  readonly printable: boolean;
  readonly cellId: string | null;
}

/**
 * A work order, as `render_work_order_card` asks for it: the card fetches the record
 * (`GET <data-base>/api/v1/work-orders/:id`, the replay data, or a host resolver) and shows its title, priority,
 * status, creation time in the reader's locale, summary and steps. When `printable`, a Print button prints the
 * work order alone: the card puts a copy at the top of the page with a print stylesheet that hides everything else
 * on paper, calls `window.print()`, and removes both after printing.
 *
 * @tag work-order-card
 * @csspart base - The card.
 * @csspart header - The id, title and meta line.
 * @csspart title - The title.
 * @csspart meta - Priority, status, cell and creation time.
 * @csspart summary - The summary.
 * @csspart steps - The steps.
 * @csspart actions - The row of the Print button.
 * @csspart print - The Print button.
 * @csspart note - The cell-mismatch note.
 * @csspart loading - The loading skeleton.
 * @csspart error - The load error.
 * @csspart retry - The Retry button.
 * @csspart incomplete - The message shown without a work order id.
 * @cssprop [--agui-card-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 * @fires {ArtifactLoadEvent} artifact-load - The work order loaded.
 * @fires {ArtifactErrorEvent} artifact-error - The work order could not be loaded; `detail.reason` says why.
 * @fires {WorkOrderPrintEvent} work-order-print - Print was pressed; `preventDefault()` prints nothing.
 */
export class WorkOrderCard extends AguiElement {
  static override styles = [hostStyles, buttonStyles, artifactCardStyles, workOrderCardStyles];

  private readonly data = new ArtifactDataController<WorkOrderData>(this, () => this.dataRequest());

  /** The `render_work_order_card` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props: Partial<WorkOrderCardProps> | null = null;

  /** The work order to fetch and show (`props.work_order_id`). */
  @property({ attribute: 'work-order-id' }) workOrderId: string | null = null;

  /** Offer the Print button (`props.printable`). */
  @property({ type: Boolean }) printable = false;

  /** The cell the work order is about (`props.cell_id`); a record of another cell gets a note. */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** A work order to show as it is, without fetching (wins over the id). */
  @property({ attribute: false }) record: WorkOrderData | null = null;

  /** Data lookups of the host; win over `source`, `data-base` and the run's. */
  @property({ attribute: false }) resolver: ArtifactDataResolver | null = null;

  /** `replay` reads the in-page synthetic data (no server). */
  @property() source: ArtifactDataSource | null = null;

  /** Where the `/api/v1/...` data routes live (default: the run's, else the page's origin). */
  @property({ attribute: 'data-base' }) dataBase: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<WorkOrderCardStrings> = {};

  /**
   * Prints the work order alone (what the Print button does). Fires `work-order-print` first; does nothing while
   * the work order is not loaded or when the event is cancelled.
   */
  async print(): Promise<void> {
    const order = this.shownRecord();
    if (!order) return;
    const event = new WorkOrderPrintEvent({ workOrderId: order.id });
    this.dispatchEvent(event);
    if (event.defaultPrevented) return;
    const doc = this.ownerDocument;
    const view = doc.defaultView;
    if (!view) return;
    doc.querySelectorAll(`body > [${PRINT_ROOT_ATTRIBUTE}]`).forEach((old) => old.remove());
    const root = doc.createElement('div');
    root.setAttribute(PRINT_ROOT_ATTRIBUTE, '');
    // The copy is this element's own class under the tag it was registered with.
    const copy = doc.createElement(this.localName) as WorkOrderCard;
    copy.record = order;
    copy.cellId = this.resolve()?.cellId ?? null;
    copy.theme = 'light';
    copy.strings = this.strings;
    root.append(copy);
    doc.body.append(root);
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(PRINT_PAGE_CSS);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    const cleanUp = () => {
      root.remove();
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((item) => item !== sheet);
    };
    view.addEventListener('afterprint', cleanUp, { once: true });
    await copy.updateComplete;
    view.print();
  }

  private handlePrint = () => {
    void this.print();
  };

  private handleRetry = () => this.data.retry();

  private resolve(): OrderRequest | null {
    const props = this.props ?? {};
    const id =
      typeof props.work_order_id === 'string' && props.work_order_id.trim()
        ? props.work_order_id.trim()
        : (this.workOrderId?.trim() ?? '');
    const cell = props.cell_id ?? this.cellId;
    const cellId = cell === null || cell === undefined || cell === '' ? null : String(cell);
    if (!id)
      return this.record
        ? { workOrderId: this.record.id, printable: this.printable, cellId }
        : null;
    return {
      workOrderId: id,
      printable: typeof props.printable === 'boolean' ? props.printable : this.printable,
      cellId,
    };
  }

  private dataRequest(): DataRequest<WorkOrderData> | null {
    const request = this.resolve();
    if (!request || this.record) return null;
    const { workOrderId } = request;
    return {
      key: workOrderId,
      what: `work order ${workOrderId}`,
      load: async (resolver, signal) =>
        readWorkOrder(await resolver.workOrder(workOrderId, { signal }), workOrderId),
    };
  }

  private shownRecord(): WorkOrderData | null {
    if (this.record) return this.record;
    return this.data.state.status === 'ready' ? this.data.state.value : null;
  }

  private renderOrder(order: WorkOrderData, request: OrderRequest, strings: WorkOrderCardStrings) {
    const created = order.created_at ? Date.parse(order.created_at) : Number.NaN;
    const createdText = Number.isFinite(created)
      ? dateFormatFor(this.locale.lang).format(created)
      : null;
    const cell = order.cell_id ?? request.cellId;
    const meta: TemplateResult[] = [];
    if (order.priority)
      meta.push(html`<span>${format(strings.priority, { value: order.priority })}</span>`);
    if (order.status)
      meta.push(html`<span>${format(strings.status, { value: order.status })}</span>`);
    if (cell !== null) meta.push(html`<span>${format(strings.cell, { id: String(cell) })}</span>`);
    if (createdText && order.created_at) {
      const [before = '', after = ''] = strings.created.split('{at}');
      meta.push(
        html`<span
          >${before}<time datetime=${order.created_at}>${createdText}</time>${after}</span
        >`,
      );
    }
    if (order.synthetic) meta.push(html`<span class="badge">${strings.synthetic}</span>`);
    const mismatch =
      request.cellId !== null && order.cell_id !== null && String(order.cell_id) !== request.cellId;
    return html`<article part="base" class="base" aria-labelledby="title">
      <header part="header" class="header">
        <p class="eyebrow">${format(strings.eyebrow, { id: order.id })}</p>
        <h3 id="title" part="title" class="title">${order.title}</h3>
        ${meta.length > 0 ? html`<p part="meta" class="meta">${joinMeta(meta)}</p>` : nothing}
      </header>
      ${
        mismatch
          ? html`<p part="note" class="note warning">
              ${format(strings.cellMismatch, { actual: String(order.cell_id), expected: request.cellId ?? '' })}
            </p>`
          : nothing
      }
      ${order.summary ? html`<p part="summary" class="summary">${order.summary}</p>` : nothing}
      ${
        order.steps.length > 0
          ? html`<section part="steps" class="steps" aria-labelledby="steps">
              <h4 id="steps">${strings.steps}</h4>
              <ol>
                ${order.steps.map((step) => html`<li dir="auto">${step}</li>`)}
              </ol>
            </section>`
          : nothing
      }
      ${
        request.printable
          ? html`<div part="actions" class="actions">
              <button
                part="print"
                class="button"
                type="button"
                aria-label=${format(strings.printLabel, { id: order.id })}
                @click=${this.handlePrint}
              >
                ${strings.print}
              </button>
            </div>`
          : nothing
      }
    </article>`;
  }

  protected override render() {
    const strings = this.locale.strings('work-order-card', WORK_ORDER_CARD_STRINGS, this.strings);
    const request = this.resolve();
    if (!request) {
      return html`<div part="base" class="base">
        <p part="incomplete" class="note">${strings.incomplete}</p>
      </div>`;
    }
    const order = this.shownRecord();
    if (order) return this.renderOrder(order, request, strings);
    const state = this.data.state;
    const body =
      state.status === 'error'
        ? renderLoadError(
            format(strings.loadError, { id: request.workOrderId }),
            state.reason,
            strings.retry,
            this.handleRetry,
          )
        : renderSkeleton(format(strings.loading, { id: request.workOrderId }), false);
    return html`<div part="base" class="base">
      <p class="eyebrow">${format(strings.eyebrow, { id: request.workOrderId })}</p>
      ${body}
    </div>`;
  }
}
