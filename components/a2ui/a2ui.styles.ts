// The chat's tokens as the renderer's `--a2ui-*` properties, set on each surface (never on the page's :root), so a
// page's theme, dark mode and forced colours reach the components; a surface's own `theme.primaryColor` is set by
// the renderer on its components, inside the surface only.
import { css } from 'lit';

export const a2uiStyles = css`
  .a2ui-surface {
    display: block;
    max-inline-size: 100%;
    overflow-wrap: anywhere;
    color-scheme: var(--_agui-color-scheme);
    --a2ui-color-background: var(--_agui-color-surface);
    --a2ui-color-on-background: var(--_agui-color-text);
    --a2ui-color-surface: var(--_agui-color-surface-raised);
    --a2ui-color-on-surface: var(--_agui-color-text);
    --a2ui-color-primary: var(--_agui-color-accent);
    --a2ui-color-primary-light: color-mix(in oklab, var(--a2ui-color-primary) 85%, white);
    --a2ui-color-primary-dark: color-mix(in oklab, var(--a2ui-color-primary) 85%, black);
    --a2ui-color-primary-hover: var(--a2ui-color-primary-dark);
    --a2ui-color-on-primary: var(--_agui-color-accent-text);
    --a2ui-color-secondary: var(--_agui-color-surface-raised);
    --a2ui-color-secondary-hover: var(--_agui-color-grid);
    --a2ui-color-on-secondary: var(--_agui-color-text);
    --a2ui-color-border: var(--_agui-color-border);
    --a2ui-color-input: var(--_agui-color-surface);
    --a2ui-color-on-input: var(--_agui-color-text);
    --a2ui-color-muted: var(--_agui-color-text-muted);
    --a2ui-color-error: var(--_agui-color-danger);
    --a2ui-text-caption-color: var(--_agui-color-text-muted);
    --a2ui-border-radius: var(--_agui-radius);
    --a2ui-border-width: 1px;
    --a2ui-border: 1px solid var(--a2ui-color-border);
    --a2ui-font-family-title: inherit;
    --a2ui-font-family-monospace: ui-monospace, monospace;
    --a2ui-grid-base: var(--_agui-space-s);
    --a2ui-spacing-xs: var(--_agui-space-xs);
    --a2ui-spacing-s: var(--_agui-space-xs);
    --a2ui-spacing-m: var(--_agui-space-s);
    --a2ui-spacing-l: var(--_agui-space-l);
    --a2ui-spacing-xl: var(--_agui-space-xl);
    --a2ui-font-size: 1em;
    --a2ui-font-size-xs: 0.75em;
    --a2ui-font-size-s: 0.875em;
    --a2ui-font-size-m: 1em;
    --a2ui-font-size-l: 1.125em;
    --a2ui-font-size-xl: 1.25em;
    --a2ui-font-size-2xl: 1.5em;
    --a2ui-line-height-headings: 1.25;
    --a2ui-line-height-body: var(--_agui-line-height);
    --a2ui-button-margin: 0;
    --a2ui-slider-margin: var(--_agui-space-xs) 0;
  }
  @media (forced-colors: active) {
    .a2ui-surface {
      --a2ui-color-primary: ButtonText;
      --a2ui-color-on-primary: ButtonFace;
      --a2ui-color-border: CanvasText;
      --a2ui-color-input: Field;
      --a2ui-color-on-input: FieldText;
    }
  }
`;
