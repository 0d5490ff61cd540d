// The built-in replay agent of `source="replay"`, loaded with the first run that needs it.
import { Observable } from 'rxjs';
import type { ReplayAgent } from '../../src/fixtures/replay-agent.js';
import type { AgentLike } from '../../src/store/types.js';

/** The replay agent, loaded with the first run that needs it (an idle page never loads the fixtures). */
export function lazyReplayAgent(): AgentLike & { readonly synthetic: true } {
  let loading: Promise<ReplayAgent> | null = null;
  let loaded: ReplayAgent | null = null;
  const load = () =>
    (loading ??= import('../../src/fixtures/replay-agent.js').then((module) => {
      loaded = module.createReplayAgent();
      return loaded;
    }));
  return {
    synthetic: true,
    // A plain Observable, not from() + switchMap, keeps rxjs's conversion helpers out of the idle page.
    run: (input) =>
      new Observable((subscriber) => {
        let inner: { unsubscribe(): void } | null = null;
        let closed = false;
        load().then(
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
    abortRun: () => loaded?.abortRun(),
  };
}
