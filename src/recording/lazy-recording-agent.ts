// The agent behind `<agent-run source="recording">`: loads the replaying code and the recording on the first run.
import { Observable } from 'rxjs';
import type { AgentLike } from '../store/types.js';
import type { RecordingAgent, RecordingInput } from './recording-agent.js';

export interface RecordingSource {
  /** The recording now set (read at each run: a new one starts again from its first run). */
  readonly recording: () => RecordingInput | null;
  /** 1 = recorded timing, 0 = at once. */
  readonly speed: () => number;
  /** Resolves a relative `recording` URL. */
  readonly baseURI: () => string;
}

/** An agent that replays whatever recording the source names, loading the replay code only when a run starts. */
export function lazyRecordingAgent(source: RecordingSource): AgentLike {
  let current: { input: RecordingInput; agent: Promise<RecordingAgent> } | null = null;
  const agentFor = (): Promise<RecordingAgent> => {
    const input = source.recording();
    if (input === null) {
      return Promise.reject(new Error('No recording: set .recording or recording="URL".'));
    }
    if (current?.input !== input) {
      current = {
        input,
        agent: import('./recording-agent.js').then((module) =>
          module.createRecordingAgent(module.loadRecording(input, source.baseURI()), {
            speed: source.speed,
          }),
        ),
      };
    }
    return current.agent;
  };
  return {
    run: (input) =>
      new Observable((subscriber) => {
        let inner: { unsubscribe(): void } | null = null;
        let closed = false;
        agentFor().then(
          (agent) => {
            if (!closed) inner = agent.run(input).subscribe(subscriber);
          },
          (error: unknown) => subscriber.error(error),
        );
        return () => {
          closed = true;
          inner?.unsubscribe();
        };
      }),
  };
}
