// Solid (type check only): attributes as attributes, `prop:` sets a property, `on:` adds a listener.
// readme:start
import { createSignal } from 'solid-js';
import { define } from 'agui-elements';
import type {} from 'agui-elements/solid';

define();

export function App() {
  const [ended, setEnded] = createSignal('No run has ended');
  return (
    <agent-run
      source="replay"
      on:run-end={(event) => setEnded(`Run ${event.detail.run} ended: ${event.detail.status}`)}
    >
      <run-controls prop:strings={{ run: 'Start analysis' }} />
      <service-chart />
      <output>{ended()}</output>
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
        on:run-end={(event: import('agui-elements').MessageSendEvent) => event.detail.text}
      />
      <run-controls
        // @ts-expect-error `scenario` takes 'normal', 'invalid' or 'slow'
        scenario={42}
      />
    </>
  );
}
