// The catalog's Text, ours: body text goes through the chat's markdown (raw HTML shown as text, links and images by
// the chat's URL rules), headings and captions are plain text; no inline style attribute (the strict page reports it).
import { css, html, nothing } from 'lit';
import { A2uiLitElement } from '@a2ui/web_core/v0_9';
import { TextApi } from '@a2ui/web_core/v0_9/basic_catalog';
import { surfaceOptions } from './surface-options.js';

export class AguiA2uiText extends A2uiLitElement<typeof TextApi> {
  protected override readonly api = TextApi;

  static override styles = css`
    :host {
      display: block;
      color: var(--_a2ui-text-color, var(--a2ui-color-on-background));
    }
    :host([data-weight]) {
      flex: var(--agui-a2ui-weight);
    }
    .a2ui-text > :first-child {
      margin-block-start: 0;
    }
    .a2ui-text > :last-child {
      margin-block-end: 0;
    }
    .heading {
      margin: 0;
      font-weight: 600;
      line-height: 1.25;
    }
    .h1 {
      font-size: 1.35em;
    }
    .h2 {
      font-size: 1.2em;
    }
    .h3,
    .h4 {
      font-size: 1.05em;
    }
    .h5,
    .caption {
      font-size: 0.85em;
    }
    .caption {
      color: var(--a2ui-color-muted);
    }
  `;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render() {
    const props = this.controller.props as { text?: unknown; variant?: string; weight?: number };
    if (!props) return nothing;
    const text = typeof props.text === 'string' ? props.text : String(props.text ?? '');
    if (typeof props.weight === 'number') {
      this.dataset.weight = '';
      this.style.setProperty('--agui-a2ui-weight', String(props.weight));
    }
    const variant = props.variant ?? 'body';
    switch (variant) {
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
        return html`<p class="heading ${variant}" role="heading" aria-level=${variant.slice(1)}>
          ${text}
        </p>`;
      case 'caption':
        return html`<p class="caption">${text}</p>`;
      default: {
        const render = surfaceOptions.get(this.context.dataContext.surface)?.renderText;
        return html`<div class="a2ui-text">${render ? render(text) : text}</div>`;
      }
    }
  }
}
