// The shared host style of every element: theme tokens (space, colour, type, radius), light and dark.
import { css, unsafeCSS } from 'lit';
import {
  DARK_TOKENS,
  DERIVED_TOKENS,
  LAYOUT_TOKENS,
  LIGHT_TOKENS,
  privateTokenDeclarations,
} from './theme-tokens.js';

const layoutTokens = unsafeCSS(privateTokenDeclarations({ ...LAYOUT_TOKENS, ...DERIVED_TOKENS }));
const lightTokens = unsafeCSS(privateTokenDeclarations(LIGHT_TOKENS));
const darkTokens = unsafeCSS(privateTokenDeclarations(DARK_TOKENS));

/**
 * The theme on `:host`, never re-declaring a public token: each `--agui-<name>` a page sets on `:root`, on
 * `<agent-run>`, on any ancestor or on the element itself reaches the styles through its private
 * `--_agui-<name>`, and the built-in default applies only where nobody set it. The defaults are dark under
 * `prefers-color-scheme: dark` unless the host says `theme="light"`; `theme="dark"` always picks them.
 */
export const hostStyles = css`
  :host {
    ${layoutTokens}
    ${lightTokens}

    box-sizing: border-box;
    display: block;
    min-width: 0;
    max-width: 100%;
    font-family: var(--_agui-font-family);
    font-size: var(--_agui-font-size);
    line-height: var(--_agui-line-height);
    color: var(--_agui-color-text);
    color-scheme: var(--_agui-color-scheme);
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
    outline: var(--_agui-focus-ring);
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
    gap: var(--_agui-space-xs);
    min-height: 2.25rem;
    padding: var(--_agui-space-xs) var(--_agui-space-m);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface-raised);
    color: var(--_agui-color-text);
    cursor: pointer;
  }

  .button:hover:not(:disabled) {
    border-color: var(--_agui-color-accent);
  }

  .button[aria-pressed='true'],
  .button.primary {
    background: var(--_agui-color-accent);
    border-color: var(--_agui-color-accent);
    color: var(--_agui-color-accent-text);
  }

  .button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;
