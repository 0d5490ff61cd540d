// The theme tokens every element reads (`--agui-<name>`), with the built-in light and dark defaults.

/** Tokens that do not change with the colour scheme. */
export const LAYOUT_TOKENS = {
  'space-xs': '0.25rem',
  'space-s': '0.5rem',
  'space-m': '0.75rem',
  'space-l': '1rem',
  'space-xl': '1.5rem',
  'font-family': "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  'font-size': '0.9375rem',
  'font-size-small': '0.8125rem',
  'line-height': '1.45',
  radius: '0.5rem',
} as const;

/** Colour tokens in the light scheme (and `--agui-color-scheme`, the native controls' scheme). */
export const LIGHT_TOKENS = {
  'color-scheme': 'light',
  'color-surface': '#ffffff',
  'color-surface-raised': '#f5f6f8',
  'color-text': '#1b1e24',
  'color-text-muted': '#555b66',
  'color-border': '#c9ced6',
  'color-accent': '#1d4ed8',
  'color-accent-text': '#ffffff',
  'color-focus': '#1d4ed8',
  'color-danger': '#b42318',
  'color-success': '#1a7f37',
  'color-warning': '#8a5a00',
  'color-core': '#1d4ed8',
  'color-platform': '#b5470b',
  'color-grid': '#e3e6eb',
} as const;

/** The same tokens in the dark scheme. */
export const DARK_TOKENS: Record<keyof typeof LIGHT_TOKENS, string> = {
  'color-scheme': 'dark',
  'color-surface': '#16181d',
  'color-surface-raised': '#20242c',
  'color-text': '#e8eaee',
  'color-text-muted': '#a7adb8',
  'color-border': '#3d434f',
  'color-accent': '#8ab4ff',
  'color-accent-text': '#0b1220',
  'color-focus': '#8ab4ff',
  'color-danger': '#ff8a80',
  'color-success': '#6fdc8c',
  'color-warning': '#f5c451',
  'color-core': '#8ab4ff',
  'color-platform': '#ffa96b',
  'color-grid': '#2c313b',
};

/** Tokens whose default is made of other tokens (resolved after them). */
export const DERIVED_TOKENS = {
  'focus-ring': '2px solid var(--_agui-color-focus)',
} as const;

/** Every public token's name without the `--agui-` prefix. */
export const THEME_TOKEN_NAMES: readonly string[] = [
  ...Object.keys(LAYOUT_TOKENS),
  ...Object.keys(LIGHT_TOKENS),
  ...Object.keys(DERIVED_TOKENS),
];

/**
 * `--_agui-<name>: var(--agui-<name>, <default>);` for each token: the private value the element's styles read is
 * whatever the page set on the element or any ancestor, and the default only where nobody set it.
 */
export function privateTokenDeclarations(tokens: Readonly<Record<string, string>>): string {
  return Object.entries(tokens)
    .map(([name, fallback]) => `--_agui-${name}: var(--agui-${name}, ${fallback});`)
    .join('\n');
}
