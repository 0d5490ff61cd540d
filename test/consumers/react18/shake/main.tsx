// A page that imports only the AgentRun and ServiceChart wrappers: the bundle must leave the chat out.
import { createRoot } from 'react-dom/client';
import { AgentRun as AgentRunElement, ServiceChart as ServiceChartElement } from 'agui-elements';
import { AgentRun, ServiceChart } from 'agui-elements/react';

customElements.define('agent-run', AgentRunElement);
customElements.define('service-chart', ServiceChartElement);

createRoot(document.querySelector('#app')!).render(
  <AgentRun source="replay">
    <ServiceChart />
  </AgentRun>,
);
