// The agent behind `<agent-run source="recording">`: each run plays the next recorded run; the code loads on the first.
import { Observable } from 'rxjs';
import type { AgentLike } from '../store/types.js';
import type { AguiRecording } from './format.js';
import type { RecordingInput } from './recording-agent.js';

export interface RecordingSource {
  /** The recording now set, read at each run: a different one starts again from its first run. */
  readonly recording: () => RecordingInput | null;
  /** 1 = the recorded timing, 2 = twice as fast, 0 = at once. */
  readonly speed: () => number;
  /** Resolves a relative `recording` URL. */
  readonly baseURI: () => string;
}

/** An agent that replays whatever recording the source names (fetched or parsed once per recording). */
export function lazyRecordingAgent(source: RecordingSource): AgentLike {
  let given: RecordingInput | null = null;
  let loaded: Promise<AguiRecording> | null = null;
  let played = 0;
  return {
    // A plain Observable: rxjs's operators stay out of the idle page.
    run: () =>
      new Observable((subscriber) => {
        let inner: { unsubscribe(): void } | undefined;
        let closed = false;
        import('./recording-agent.js').then((player) => {
          if (closed) return;
          const recording = source.recording();
          if (!loaded || recording !== given) {
            given = recording;
            played = 0;
            loaded = player.loadRecording(recording, source.baseURI());
          }
          played += 1;
          inner = player.playRecording(loaded, played - 1, source.speed()).subscribe(subscriber);
        }, subscriber.error.bind(subscriber));
        return () => {
          closed = true;
          inner?.unsubscribe();
        };
      }),
  };
}
