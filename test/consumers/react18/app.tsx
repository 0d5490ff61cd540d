// readme:start
import { useRef, useState } from 'react';
import { define, type AgentRun as AgentRunElement } from 'agui-elements';
import { AgentRun, RunControls, ServiceChart } from 'agui-elements/react';

define();

export function App() {
  const run = useRef<AgentRunElement>(null);
  const [ended, setEnded] = useState('No run has ended');
  return (
    <AgentRun
      ref={run}
      source="replay"
      onRunEnd={(event) => setEnded(`Run ${event.detail.run} ended: ${event.detail.status}`)}
    >
      <RunControls strings={{ run: 'Start analysis' }} />
      <ServiceChart />
      <output>{ended}</output>
    </AgentRun>
  );
}
// readme:end

/** Never rendered: the type check must reject a wrong property type. */
export function WrongTypes() {
  return (
    <RunControls
      // @ts-expect-error `scenario` takes 'normal', 'invalid' or 'slow'
      scenario={42}
    />
  );
}
