// The shared host style of every element: theme tokens (space, colour, type, radius), light and dark.
import { css } from 'lit';

const lightTokens = css`
  --agui-color-surface: #ffffff;
  --agui-color-surface-raised: #f5f6f8;
  --agui-color-text: #1b1e24;
  --agui-color-text-muted: #555b66;
  --agui-color-border: #c9ced6;
  --agui-color-accent: #1d4ed8;
  --agui-color-accent-text: #ffffff;
  --agui-color-focus: #1d4ed8;
  --agui-color-danger: #b42318;
  --agui-color-success: #1a7f37;
  --agui-color-warning: #8a5a00;
  --agui-color-core: #1d4ed8;
  --agui-color-platform: #b5470b;
  --agui-color-grid: #e3e6eb;
  color-scheme: light;
`;

const darkTokens = css`
  --agui-color-surface: #16181d;
  --agui-color-surface-raised: #20242c;
  --agui-color-text: #e8eaee;
  --agui-color-text-muted: #a7adb8;
  --agui-color-border: #3d434f;
  --agui-color-accent: #8ab4ff;
  --agui-color-accent-text: #0b1220;
  --agui-color-focus: #8ab4ff;
  --agui-color-danger: #ff8a80;
  --agui-color-success: #6fdc8c;
  --agui-color-warning: #f5c451;
  --agui-color-core: #8ab4ff;
  --agui-color-platform: #ffa96b;
  --agui-color-grid: #2c313b;
  color-scheme: dark;
`;

/**
 * Theme tokens on `:host`, so a page themes an element by setting them on it (`run-controls { --agui-color-accent:
 * … }`). Dark follows `prefers-color-scheme` unless the host says `theme="light"`; `theme="dark"` always wins.
 */
export const hostStyles = css`
  :host {
    --agui-space-xs: 0.25rem;
    --agui-space-s: 0.5rem;
    --agui-space-m: 0.75rem;
    --agui-space-l: 1rem;
    --agui-space-xl: 1.5rem;
    --agui-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    --agui-font-size: 0.9375rem;
    --agui-font-size-small: 0.8125rem;
    --agui-line-height: 1.45;
    --agui-radius: 0.5rem;
    --agui-focus-ring: 2px solid var(--agui-color-focus);
    ${lightTokens}

    box-sizing: border-box;
    display: block;
    min-width: 0;
    max-width: 100%;
    font-family: var(--agui-font-family);
    font-size: var(--agui-font-size);
    line-height: var(--agui-line-height);
    color: var(--agui-color-text);
  }

  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${darkTokens}
    }
  }

  :host([theme='dark']) {
    ${darkTokens}
  }

  :host([hidden]) {
    display: none;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  button,
  select {
    font: inherit;
  }

  :focus-visible {
    outline: var(--agui-focus-ring);
    outline-offset: 2px;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;

/** A native button in the house look; elements add it after `hostStyles`. */
export const buttonStyles = css`
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--agui-space-xs);
    min-height: 2.25rem;
    padding: var(--agui-space-xs) var(--agui-space-m);
    border: 1px solid var(--agui-color-border);
    border-radius: var(--agui-radius);
    background: var(--agui-color-surface-raised);
    color: var(--agui-color-text);
    cursor: pointer;
  }

  .button:hover:not(:disabled) {
    border-color: var(--agui-color-accent);
  }

  .button[aria-pressed='true'],
  .button.primary {
    background: var(--agui-color-accent);
    border-color: var(--agui-color-accent);
    color: var(--agui-color-accent-text);
  }

  .button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;
