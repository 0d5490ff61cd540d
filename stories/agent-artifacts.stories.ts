import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import type { BaseEvent } from '@ag-ui/core';
import { from } from 'rxjs';
import { createReplayAgent } from '../src/fixtures/replay-agent.js';
import { setArtifactView } from '../src/artifacts/view.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';

/** A store that replays the prepared chat recipe (synthetic data, no server) and asks for these messages. */
function replayStore(...messages: string[]): RunStore {
  const store = new RunStore({ agent: createReplayAgent({ timeScale: 0 }) });
  setArtifactView(store, { source: 'replay' });
  void (async () => {
    for (const text of messages) {
      store.send(text);
      await new Promise<void>((resolve) => {
        const subscription = store.state$.subscribe((state) => {
          if (state.run.status !== 'Connecting' && state.run.status !== 'Streaming') {
            resolve();
            queueMicrotask(() => subscription.unsubscribe());
          }
        });
      });
    }
  })();
  return store;
}

const meta: Meta = {
  title: 'Artifacts/agent-artifacts',
  component: 'agent-artifacts',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Every artifact of a run, from render tool calls and `ui_render` events, each validated by ' +
          '`<agent-artifact>`. The stories replay the prepared chat recipe in the page (synthetic data, no server).',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const RecipeArtifacts: Story = {
  render: () =>
    html`<agent-artifacts
      .store=${replayStore('Why is API latency up?', 'Diagnose the services')}
    ></agent-artifacts>`,
};

/** An agent that sends ui_render events for cells 1 and 2 and a bar chart of no cell. */
const mixedCells: AgentLike = {
  run: (input) =>
    from([
      { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId },
      ...[1, 2].map((cell) => ({
        type: 'CUSTOM',
        name: 'ui_render',
        value: {
          component: 'alert_banner',
          props: {
            severity: 'warning',
            cell_id: cell,
            anomaly_id: `anomaly-${cell}`,
            message: `An anomaly on cell ${cell}.`,
          },
        },
      })),
      {
        type: 'CUSTOM',
        name: 'ui_render',
        value: {
          component: 'BarChart',
          props: {
            title: 'Requests by cell',
            x_label: 'Cell',
            y_label: 'Requests per minute',
            bars: [
              { label: 'Cell 1', value: 1200 },
              { label: 'Cell 2', value: 800 },
            ],
          },
        },
      },
      { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId },
    ] as BaseEvent[]),
};

function mixedStore(): RunStore {
  const store = new RunStore({ agent: mixedCells });
  store.send('Show the alerts');
  return store;
}

export const FilteredToCell2: Story = {
  render: () => html`<agent-artifacts cell-id="2" .store=${mixedStore()}></agent-artifacts>`,
};

export const Empty: Story = {
  render: () => html`<agent-artifacts .store=${new RunStore()}></agent-artifacts>`,
};

export const EveryFallback: Story = {
  render: () =>
    html`<div style="display:grid;gap:1rem">
      <agent-artifact component="signal_chart" .props=${{ signal_def_id: 1 }}></agent-artifact>
      <agent-artifact component="weather_map" .props=${{ city: 'Lyon' }}></agent-artifact>
      <agent-artifact
        .artifact=${{ id: 's', source: 'tool-call', name: 'render_kb_progress', props: {}, complete: false, run: 0 }}
      ></agent-artifact>
    </div>`,
};
