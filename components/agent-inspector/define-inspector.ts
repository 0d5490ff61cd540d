// The inspector bundle's entry: registers <agent-inspector> (or `agui-agent-inspector` when the tag is taken).
import { AgentInspector } from './agent-inspector.js';

export { AgentInspector };
export { AGENT_INSPECTOR_STRINGS, type AgentInspectorStrings } from './strings.js';

// Stores keep their thread's events from now on, so an inspector added later still shows them (event-tap.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for('agui-elements.inspector')] = true;

if (typeof customElements !== 'undefined' && !customElements.getName(AgentInspector)) {
  customElements.define(
    customElements.get('agent-inspector') ? 'agui-agent-inspector' : 'agent-inspector',
    AgentInspector,
  );
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-inspector': AgentInspector;
  }
}
