// Never run: the type check must reject a wrong property type and a handler of another event.
import type { AgentRun, MessageSendEvent, RunControls } from 'agui-elements';

export function wrongTypes(run: AgentRun, controls: RunControls): void {
  // @ts-expect-error `scenario` takes 'normal', 'invalid' or 'slow'
  controls.scenario = 42;
  const handleMessageSend = (event: MessageSendEvent) => event.detail.text;
  // @ts-expect-error `run-end` comes as a RunEndEvent
  run.addEventListener('run-end', handleMessageSend);
}
