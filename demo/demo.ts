// A minimal event log for the demo endpoint until the elements exist: Run posts one RunAgentInput and lists events.
import { runHttpRequest, transformHttpEventStream } from '@ag-ui/client';
import type { Subscription } from 'rxjs';

const endpoint = new URLSearchParams(location.search).get('endpoint') ?? '/api/agent-analysis';
const form = document.querySelector<HTMLFormElement>('#run-form')!;
const scenario = document.querySelector<HTMLSelectElement>('#scenario')!;
const status = document.querySelector<HTMLElement>('#status')!;
const list = document.querySelector<HTMLOListElement>('#events')!;
let active: { controller: AbortController; subscription: Subscription } | undefined;
let runCount = 0;

form.addEventListener('submit', (event) => {
  event.preventDefault();
  active?.controller.abort();
  active?.subscription.unsubscribe();
  list.replaceChildren();
  runCount += 1;
  const input = {
    threadId: 'demo',
    runId: `run-${runCount}`,
    messages: [],
    tools: [],
    context: [],
    forwardedProps: { scenario: scenario.value },
  };
  const controller = new AbortController();
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
  };
  const request = () =>
    fetch(endpoint, { ...init, body: JSON.stringify(input), signal: controller.signal });
  status.textContent = `Streaming from ${endpoint}`;
  const subscription = transformHttpEventStream(runHttpRequest(request)).subscribe({
    next: (agentEvent) => {
      const item = document.createElement('li');
      item.textContent = `${agentEvent.type} ${JSON.stringify(agentEvent).slice(0, 160)}`;
      list.append(item);
    },
    error: (error: unknown) => (status.textContent = `Failed: ${String(error)}`),
    complete: () => (status.textContent = 'Completed'),
  });
  active = { controller, subscription };
});
