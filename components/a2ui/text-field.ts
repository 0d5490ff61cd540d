// The catalog's TextField, ours: the label is the field's accessible name (the original's <label> names nothing),
// validation errors are described and announced, focus is visible; `obscured` is a password field.
import { css, html, nothing } from 'lit';
import { A2uiLitElement } from '@a2ui/web_core/v0_9';
import { TextFieldApi } from '@a2ui/web_core/v0_9/basic_catalog';

let count = 0;

export class AguiA2uiTextField extends A2uiLitElement<typeof TextFieldApi> {
  protected override readonly api = TextFieldApi;
  private readonly errorId = `agui-a2ui-field-${(count += 1)}-errors`;

  static override styles = css`
    :host {
      display: block;
      min-inline-size: 0;
    }
    label {
      display: grid;
      gap: 0.25rem;
      font-size: 0.875em;
      font-weight: 600;
    }
    input,
    textarea {
      box-sizing: border-box;
      inline-size: 100%;
      font: inherit;
      font-weight: 400;
      font-size: 1rem;
      color: var(--a2ui-color-on-input);
      background: var(--a2ui-color-input);
      border: 1px solid var(--a2ui-color-border);
      border-radius: var(--a2ui-border-radius);
      padding: 0.45rem 0.6rem;
    }
    textarea {
      min-block-size: 5rem;
      resize: vertical;
    }
    input:focus-visible,
    textarea:focus-visible {
      outline: 2px solid var(--a2ui-color-primary);
      outline-offset: 1px;
    }
    [aria-invalid='true'] {
      border-color: var(--a2ui-color-error);
    }
    .errors {
      margin: 0.25rem 0 0;
      padding: 0;
      list-style: none;
      color: var(--a2ui-color-error);
      font-size: 0.85em;
    }
  `;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render() {
    const props = this.controller.props as {
      label?: string;
      value?: string;
      variant?: string;
      isValid?: boolean;
      validationErrors?: readonly string[];
      setValue?: (value: string) => void;
    };
    if (!props) return nothing;
    const invalid = props.isValid === false;
    const errors = invalid ? (props.validationErrors ?? []) : [];
    const onInput = (event: Event) =>
      props.setValue?.((event.target as HTMLInputElement | HTMLTextAreaElement).value);
    const type =
      props.variant === 'number' ? 'number' : props.variant === 'obscured' ? 'password' : 'text';
    const field =
      props.variant === 'longText'
        ? html`<textarea
            .value=${props.value ?? ''}
            aria-invalid=${invalid ? 'true' : 'false'}
            aria-describedby=${errors.length > 0 ? this.errorId : nothing}
            @input=${onInput}
          ></textarea>`
        : html`<input
            type=${type}
            .value=${props.value ?? ''}
            autocomplete=${type === 'password' ? 'off' : nothing}
            aria-invalid=${invalid ? 'true' : 'false'}
            aria-describedby=${errors.length > 0 ? this.errorId : nothing}
            @input=${onInput}
          />`;
    return html`<label><span>${props.label ?? ''}</span>${field}</label> ${
        errors.length > 0
          ? html`<ul class="errors" id=${this.errorId} role="alert">
              ${errors.map((error) => html`<li>${error}</li>`)}
            </ul>`
          : nothing
      }`;
  }
}
