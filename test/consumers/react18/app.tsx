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

/** Never rendered: the type check must reject a wrong attribute type and a handler of another event. */
export function WrongTypes() {
  return (
    <>
      <AgentRun
        // @ts-expect-error `run-end` comes as a RunEndEvent
        onRunEnd={(event: import('agui-elements').MessageSendEvent) => event.detail.text}
      />
      <RunControls
        // @ts-expect-error `scenario` takes 'normal', 'invalid' or 'slow'
        scenario={42}
      />
    </>
  );
}
