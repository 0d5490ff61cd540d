// Artifact names in every form an agent sends them: `render_signal_chart`, `signal_chart`, `signal-chart`, `SignalChart`.

/**
 * The canonical (kebab-case) component name of a render tool or `ui_render` component name:
 * `render_signal_chart`, `signal_chart`, `signal-chart`, `SignalChart` and `signalChart` all give `signal-chart`.
 */
export function componentName(name: string): string {
  const kebab = name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return kebab.startsWith('render-') ? kebab.slice('render-'.length) : kebab;
}

/** The render tool of a component: `signal-chart` -> `render_signal_chart`. */
export function renderToolName(component: string): string {
  return `render_${componentName(component).replace(/-/g, '_')}`;
}

/** A component name as words for people: `signal-chart` -> `signal chart`. */
export function componentWords(component: string): string {
  return componentName(component).replace(/-/g, ' ');
}
