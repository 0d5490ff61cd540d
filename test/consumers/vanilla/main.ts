// A Vite + strict TypeScript page: elements typed by HTMLElementTagNameMap, events by GlobalEventHandlersEventMap.
// readme:start
import { define } from 'agui-elements';

define();

const run = document.createElement('agent-run');
run.source = 'replay';
const controls = document.createElement('run-controls');
controls.strings = { run: 'Start analysis' };
const ended = document.createElement('output');
ended.textContent = 'No run has ended';
run.addEventListener('run-end', (event) => {
  ended.textContent = `Run ${event.detail.run} ended: ${event.detail.status}`;
});
run.append(controls, document.createElement('service-chart'), ended);
document.querySelector('#app')?.append(run);
// readme:end
