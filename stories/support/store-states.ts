// Run stores brought into a given state without a server: the in-page replay of the prepared recipe (synthetic
// data) at time scale 0, held open or failed on purpose where a state needs it. Deterministic: the same events
// reach the store in the same order every time.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import {
  concatMap,
  concatWith,
  defer,
  filter,
  firstValueFrom,
  NEVER,
  type Observable,
  throwError,
  timeout,
  timer,
} from 'rxjs';
import { AGENT_RUN_STRINGS } from '../../components/agent-run/agent-run.js';
import { setDisclosure } from '../../components/shared/disclosure.js';
import {
  createAnalysisPlugin,
  selectService,
  setServiceFilter,
} from '../../src/analysis/plugin.js';
import { fixtureScript } from '../../src/fixtures/dispatch.js';
import { createReplayAgent, playScript } from '../../src/fixtures/replay-agent.js';
import { RunStore } from '../../src/store/run-store.js';
import type { AgentLike, RunStatus, RunStoreState } from '../../src/store/types.js';

/**
 * What a story needs the store to hold: a run state, or one of the extra states below. `Error` and
 * `Kept after failure` fail a run with a simulated HTTP 503 made in the page (no request leaves it).
 */
export type StoreRecipe =
  | RunStatus
  /** A completed chat run whose answer carried no measurements. */
  | 'Empty'
  /** The first run failed with a transport error before any data arrived. */
  | 'Error'
  /** Run 1 completed; run 2 failed with a transport error: the data of run 1 stays, with a note. */
  | 'Kept after failure'
  /** Three runs (normal, invalid, Recover): 18 activity entries, of which the log keeps the 12 newest. */
  | 'Full activity log'
  /** Completed, then the Core filter. */
  | 'Core filter'
  /** Completed, then a person selected Queue. */
  | 'Selected service'
  /** The normal scenario held while the `render_diagnostic_card` arguments are half streamed. */
  | 'Card streaming'
  /** Completed, then a person selected Events, which arrived after the run's first snapshot. */
  | 'Selected new service'
  /** Completed with API selected; run 2 asked for but not answered: no baseline of its own yet. */
  | 'Awaiting baseline'
  /** Completed with API selected; run 2 failed before its first snapshot (a simulated 503). */
  | 'Failed before baseline'
  /** The invalid-patch run failed after its snapshot, then a person selected API. */
  | 'Rejected patch, selected';

/** The sentence shown with replayed data (the one `<agent-run source="replay">` sets). */
export const SYNTHETIC_DISCLOSURE = AGENT_RUN_STRINGS.syntheticDisclosure;

/** The reason of the simulated transport failure. */
export const SIMULATED_FAILURE = 'HTTP 503: Service Unavailable';

/** An agent marked synthetic, so `<agent-run>` shows the synthetic-data disclosure for it. */
export type StoryAgent = AgentLike & { readonly synthetic: true };

/** The prepared recipe, played in the page as fast as timers allow. */
export function instantReplay(): StoryAgent {
  return createReplayAgent({ timeScale: 0 });
}

/**
 * Plays the prepared recipe for each input up to (not including) the first event `holdBefore` picks, then keeps
 * the run open with nothing more: a request that never answers, or a stream that stalls mid-way.
 */
export function heldReplay(
  holdBefore: (event: BaseEvent, earlier: readonly BaseEvent[]) => boolean,
): StoryAgent {
  return {
    synthetic: true,
    run(input: RunAgentInput): Observable<BaseEvent> {
      return defer(() => {
        const script = fixtureScript(input);
        const earlier: BaseEvent[] = [];
        let end = script.length;
        for (const [index, step] of script.entries()) {
          if (holdBefore(step.event, earlier)) {
            end = index;
            break;
          }
          earlier.push(step.event);
        }
        return playScript(script.slice(0, end), { timeScale: 0 }).pipe(concatWith(NEVER));
      });
    },
  };
}

/** An agent whose request fails at once, the way an HTTP agent rejects a 503 reply. */
export function failingAgent(reason = SIMULATED_FAILURE, status = 503): StoryAgent {
  return {
    synthetic: true,
    run: () =>
      timer(0).pipe(
        concatMap(() => throwError(() => Object.assign(new Error(reason), { status }))),
      ),
  };
}

type WithFields = BaseEvent & Record<string, unknown>;

const isDelta = (event: BaseEvent) => event.type === 'STATE_DELTA';

/** The delta that reverses the row order. */
const isReorder = (event: BaseEvent) =>
  isDelta(event) && ((event as WithFields).delta as readonly { op: string }[])[0]?.op === 'move';

/** The seventh argument chunk of `render_diagnostic_card`: title, confidence and root cause have arrived. */
function isCardHalfStreamed(event: BaseEvent, earlier: readonly BaseEvent[]): boolean {
  if (event.type !== 'TOOL_CALL_ARGS') return false;
  const start = earlier.find(
    (item) =>
      item.type === 'TOOL_CALL_START' &&
      (item as WithFields).toolCallName === 'render_diagnostic_card',
  ) as WithFields | undefined;
  const id = (event as WithFields).toolCallId;
  if (!start || start.toolCallId !== id) return false;
  const chunks = earlier.filter(
    (item) => item.type === 'TOOL_CALL_ARGS' && (item as WithFields).toolCallId === id,
  );
  return chunks.length >= 6;
}

/** How long a story waits for a state it drives towards before it fails (generous: machines get busy). */
export const STORY_WAIT_MS = 15_000;

/** Resolves with the first state that satisfies the predicate; rejects after `ms`. */
export function until(
  store: RunStore,
  predicate: (state: RunStoreState) => boolean,
  ms = STORY_WAIT_MS,
): Promise<RunStoreState> {
  return firstValueFrom(store.state$.pipe(filter(predicate), timeout(ms)));
}

/** Starts the next run with this agent and waits for it to reach one of the statuses. */
async function runUntil(
  store: RunStore,
  agent: StoryAgent,
  start: (store: RunStore) => void,
  ...statuses: RunStatus[]
): Promise<RunStoreState> {
  store.setAgent(agent);
  const number = store.getState().run.number + 1;
  start(store);
  return until(
    store,
    (state) => state.run.number === number && statuses.includes(state.run.status),
  );
}

const normal = (store: RunStore) => store.run({ scenario: 'normal' });

const serviceCount = (state: RunStoreState) =>
  Array.isArray(state.agentState.value.services)
    ? (state.agentState.value.services as unknown[]).length
    : 0;

/** Drives a store into the recipe's state. */
async function drive(store: RunStore, recipe: StoreRecipe): Promise<void> {
  switch (recipe) {
    case 'Idle':
      return;
    case 'Connecting': {
      // The request is out; no event ever answers it. Wait until the run has asked its agent: the store picks
      // the agent once its event pipeline has loaded, so the replay agent set after this would answer it.
      const held = heldReplay(() => true);
      let asked: () => void = () => undefined;
      const wasAsked = new Promise<void>((resolve) => {
        asked = resolve;
      });
      const agent: StoryAgent = {
        synthetic: true,
        run: (input) => {
          asked();
          return held.run(input);
        },
      };
      await runUntil(store, agent, normal, 'Connecting');
      await wasAsked;
      return;
    }
    case 'Streaming':
      // Snapshot, API latency raised, API selected by the agent; the stream stalls before the rows reorder.
      await runUntil(store, heldReplay(isReorder), normal, 'Streaming');
      await until(
        store,
        (state) =>
          (state.view.analysis as { selectedId?: string } | undefined)?.selectedId === 'api',
      );
      return;
    case 'Needs approval':
      // The analysis, then the recipe's work-order request, which ends asking for approval.
      await runUntil(store, instantReplay(), normal, 'Completed');
      await runUntil(
        store,
        instantReplay(),
        (target) => target.send('Open a work order for API latency on cell 1'),
        'Needs approval',
      );
      return;
    case 'Completed':
      await runUntil(store, instantReplay(), normal, 'Completed');
      return;
    case 'Cancelled': {
      // The slow scenario, cancelled after its first snapshot: its three rows stay.
      store.setAgent(heldReplay(isDelta));
      store.run({ scenario: 'slow' });
      await until(store, (state) => state.run.status === 'Streaming' && serviceCount(state) === 3);
      store.cancel();
      return;
    }
    case 'Failed':
      // The invalid-patch scenario: the store rejects the broken patch whole and fails the run.
      await runUntil(
        store,
        instantReplay(),
        (target) => target.run({ scenario: 'invalid' }),
        'Failed',
      );
      return;
    case 'Empty':
      // A chat question the recipe answers with its help text: a completed run with no measurements.
      await runUntil(store, instantReplay(), (target) => target.send('Hello'), 'Completed');
      return;
    case 'Error':
      await runUntil(store, failingAgent(), normal, 'Failed');
      return;
    case 'Kept after failure':
      await runUntil(store, instantReplay(), normal, 'Completed');
      await runUntil(store, failingAgent(), normal, 'Failed');
      return;
    case 'Full activity log':
      // 7 + 4 + 7 entries: the log keeps the newest 12 (from the failure on).
      await runUntil(store, instantReplay(), normal, 'Completed');
      await runUntil(
        store,
        instantReplay(),
        (target) => target.run({ scenario: 'invalid' }),
        'Failed',
      );
      await runUntil(store, instantReplay(), (target) => target.recover(), 'Completed');
      return;
    case 'Core filter':
      await runUntil(store, instantReplay(), normal, 'Completed');
      setServiceFilter(store, 'Core');
      return;
    case 'Selected service':
      await runUntil(store, instantReplay(), normal, 'Completed');
      selectService(store, 'queue');
      return;
    case 'Card streaming':
      await runUntil(store, heldReplay(isCardHalfStreamed), normal, 'Streaming');
      await until(store, (state) =>
        state.artifacts.some((artifact) => artifact.name === 'render_diagnostic_card'),
      );
      return;
    case 'Selected new service':
      await runUntil(store, instantReplay(), normal, 'Completed');
      selectService(store, 'events');
      return;
    case 'Awaiting baseline':
      await runUntil(store, instantReplay(), normal, 'Completed');
      await runUntil(
        store,
        heldReplay(() => true),
        normal,
        'Connecting',
      );
      return;
    case 'Failed before baseline':
      await runUntil(store, instantReplay(), normal, 'Completed');
      await runUntil(store, failingAgent(), normal, 'Failed');
      return;
    case 'Rejected patch, selected':
      await runUntil(
        store,
        instantReplay(),
        (target) => target.run({ scenario: 'invalid' }),
        'Failed',
      );
      selectService(store, 'api');
      return;
    default: {
      const unknown: never = recipe;
      throw new Error(`Unknown recipe ${String(unknown)}`);
    }
  }
}

/** Stores made for a story, by story id, so the story's cleanup can dispose them. */
const storesByStory = new Map<string, Set<RunStore>>();
const readiness = new WeakMap<RunStore, Promise<RunStoreState>>();

/** A new store as `<agent-run>` makes one: the analysis plugin installed, the synthetic-data disclosure set. */
export function createStoryStore(storyId?: string): RunStore {
  const store = new RunStore().use(createAnalysisPlugin());
  setDisclosure(store, SYNTHETIC_DISCLOSURE);
  if (storyId) {
    const stores = storesByStory.get(storyId) ?? new Set();
    stores.add(store);
    storesByStory.set(storyId, stores);
  }
  return store;
}

/**
 * A store on its way into the recipe's state (`whenReady` tells when it is there); after that, its buttons play
 * the recipe at its own pace. Pass the story id so `disposeStoryStores` ends its run when the story goes away.
 */
export function storeIn(recipe: StoreRecipe, storyId?: string): RunStore {
  const store = createStoryStore(storyId);
  const ready = drive(store, recipe).then(
    () => {
      // From here on Run and Recover play the recipe at its own pace (an open run keeps its own agent).
      store.setAgent(createReplayAgent());
      return store.getState();
    },
    (error: unknown) => {
      // A story torn down before its store got there (its state$ completed): nothing is left to wait for.
      if (store.isDisposed) return store.getState();
      throw error;
    },
  );
  readiness.set(store, ready);
  return store;
}

/** Settles once a store from `storeIn` is in its recipe's state. */
export function whenReady(store: RunStore): Promise<RunStoreState> {
  return readiness.get(store) ?? Promise.resolve(store.getState());
}

/** Waits until every store the story's elements were given is in its recipe's state, then one frame more. */
export async function storiesSettled(canvas: HTMLElement): Promise<void> {
  const stores = new Set<RunStore>();
  for (const element of canvas.querySelectorAll('*')) {
    const store = (element as { store?: unknown }).store;
    if (store instanceof RunStore && readiness.has(store)) stores.add(store);
  }
  await Promise.all([...stores].map(whenReady));
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** A meta `beforeEach`: when the story is torn down (left, or removed from a docs page), dispose its stores. */
export function disposeStoryStores(context: { id: string }): () => void {
  return () => {
    const stores = storesByStory.get(context.id);
    storesByStory.delete(context.id);
    for (const store of stores ?? []) store.dispose();
  };
}
