// <alert-banner>: a sentinel's alert about an anomaly of a cell; dismissible, critical ones announced assertively.
import { html, nothing, svg, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { AlertBannerProps, AlertSeverity } from '../../src/artifacts/props.js';
import { AguiElement } from '../shared/agui-element.js';
import { AlertDismissEvent } from '../shared/artifact-events.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { format } from '../shared/strings.js';
import { alertBannerStyles } from './alert-banner.styles.js';

/** Every visible string of `<alert-banner>`; `{…}` placeholders are filled in. */
export interface AlertBannerStrings {
  readonly info: string;
  readonly warning: string;
  readonly critical: string;
  readonly cell: string;
  readonly anomaly: string;
  readonly dismiss: string;
  readonly dismissLabel: string;
}

export const ALERT_BANNER_STRINGS: AlertBannerStrings = {
  info: 'Info',
  warning: 'Warning',
  critical: 'Critical',
  cell: 'Cell {id}',
  anomaly: 'Anomaly {id}',
  dismiss: 'Dismiss',
  dismissLabel: 'Dismiss',
};

const SEVERITIES: readonly AlertSeverity[] = ['info', 'warning', 'critical'];
/** Severity icons drawn in SVG (a font may lack the emoji), each a different shape: circle, triangle, octagon. */
const ICONS: Readonly<Record<AlertSeverity, TemplateResult>> = {
  info: svg`<circle cx="12" cy="12" r="10"></circle><path class="glyph" d="M12 11v6M12 7.2v.1"></path>`,
  warning: svg`<path d="M12 2.5 22.5 21h-21z"></path><path class="glyph" d="M12 9.5v5.5M12 18v.1"></path>`,
  critical: svg`<path d="M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9z"></path><path class="glyph" d="M12 7v6.5M12 16.8v.1"></path>`,
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * An alert banner, as a sentinel sends it on the `ui_render` channel (it is never offered to a model as a tool):
 * the severity as a word and an icon, the message, the cell and the anomaly id, and a Dismiss button. A critical
 * alert is an assertive live region (`role="alert"`), announced at once; others are polite (`role="status"`).
 *
 * @tag alert-banner
 * @csspart base - The banner.
 * @csspart icon - The severity icon.
 * @csspart severity - The severity word.
 * @csspart message - The message.
 * @csspart meta - The cell and the anomaly id.
 * @csspart dismiss - The Dismiss button.
 * @cssprop [--agui-alert-color=var(--agui-color-warning)] - The border, icon and severity colour (default by severity: warning, danger when critical, accent for info).
 * @cssprop [--agui-alert-background=var(--agui-color-surface-raised)] - Background.
 * @fires {AlertDismissEvent} alert-dismiss - Dismiss was pressed; `preventDefault()` keeps the banner.
 */
export class AlertBanner extends AguiElement {
  static override styles = [hostStyles, buttonStyles, alertBannerStyles];

  @state() private dismissed = false;

  /** The `alert_banner` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props: Partial<AlertBannerProps> | null = null;

  /** `info`, `warning` or `critical` (`props.severity`). */
  @property() severity: AlertSeverity = 'warning';

  /** What happened (`props.message`). */
  @property() message: string | null = null;

  /** The cell the alert is about (`props.cell_id`). */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** The anomaly the alert is about (`props.anomaly_id`). */
  @property({ attribute: 'anomaly-id' }) anomalyId: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<AlertBannerStrings> = {};

  /** Whether a person dismissed the banner. */
  get isDismissed(): boolean {
    return this.dismissed;
  }

  /** Dismisses the banner (what the Dismiss button does); fires `alert-dismiss`, which may veto it. */
  dismiss(): void {
    if (this.dismissed) return;
    const props = this.props ?? {};
    const event = new AlertDismissEvent({
      anomalyId: text(props.anomaly_id) ?? text(this.anomalyId),
      severity: this.resolveSeverity(),
    });
    this.dispatchEvent(event);
    if (!event.defaultPrevented) this.dismissed = true;
  }

  private handleDismiss = () => this.dismiss();

  private resolveSeverity(): AlertSeverity {
    const given = this.props?.severity ?? this.severity;
    return SEVERITIES.includes(given) ? given : 'warning';
  }

  protected override render() {
    if (this.dismissed) return nothing;
    const strings = this.locale.strings('alert-banner', ALERT_BANNER_STRINGS, this.strings);
    const props = this.props ?? {};
    const severity = this.resolveSeverity();
    const message = text(props.message) ?? text(this.message);
    if (message === null) return nothing;
    const cell = props.cell_id ?? this.cellId;
    const anomaly = text(props.anomaly_id) ?? text(this.anomalyId);
    const meta = [
      cell === null || cell === undefined || cell === ''
        ? null
        : format(strings.cell, { id: String(cell) }),
      anomaly === null ? null : format(strings.anomaly, { id: anomaly }),
    ].filter((item): item is string => item !== null);
    return html`<div
      part="base"
      class="banner ${severity}"
      role=${severity === 'critical' ? 'alert' : 'status'}
      aria-live=${severity === 'critical' ? 'assertive' : 'polite'}
    >
      <svg part="icon" class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        ${ICONS[severity]}
      </svg>
      <div class="content">
        <p part="severity" class="severity">${strings[severity]}</p>
        <p part="message" class="message" dir="auto">${message}</p>
        ${meta.length > 0 ? html`<p part="meta" class="meta">${meta.join(' · ')}</p>` : nothing}
      </div>
      <button
        part="dismiss"
        class="button dismiss"
        type="button"
        aria-label=${strings.dismissLabel}
        @click=${this.handleDismiss}
      >
        ${strings.dismiss}
      </button>
    </div>`;
  }
}
