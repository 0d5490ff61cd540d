// A page that imports only AgentRun and ServiceChart: the bundle must leave the chat out (sideEffects).
import { AgentRun, ServiceChart } from 'agui-elements';

customElements.define('agent-run', AgentRun);
customElements.define('service-chart', ServiceChart);
