// The inspector bundle's entry: registers <agent-inspector> (or `agui-agent-inspector` when the tag is taken).
import { AgentInspector } from './agent-inspector.js';

export { AgentInspector };

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
