// readme:start
import { useRef, useState } from 'react';
import { define, type AgentRun } from 'agui-elements';
import type {} from 'agui-elements/jsx';

define();

export function App() {
  const run = useRef<AgentRun>(null);
  const [ended, setEnded] = useState('No run has ended');
  return (
    <agent-run
      ref={run}
      source="replay"
      onrun-end={(event) => setEnded(`Run ${event.detail.run} ended: ${event.detail.status}`)}
    >
      <run-controls strings={{ run: 'Start analysis' }} />
      <service-chart />
      <output>{ended}</output>
    </agent-run>
  );
}
// readme:end

/** Never rendered: the type check must reject a wrong attribute type and a handler of another event. */
export function WrongTypes() {
  return (
    <>
      {/* @ts-expect-error `run-end` comes as a RunEndEvent (reported at the tag) */}
      <agent-run
        onrun-end={(event: import('agui-elements').MessageSendEvent) => event.detail.text}
      />
      <run-controls
        // @ts-expect-error `scenario` takes 'normal', 'invalid' or 'slow'
        scenario={42}
      />
    </>
  );
}
