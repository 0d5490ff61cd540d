import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import type { ArtifactDataResolver } from '../src/artifacts/resolvers.js';
import { createReplayResolver } from '../src/fixtures/replay-agent.js';

const props = { cell_id: 1, signal_def_ids: [1, 2], window_hours: 24 };
const pending: ArtifactDataResolver = { signalData: () => new Promise(() => undefined) };

function failingOnce(): ArtifactDataResolver {
  const replay = createReplayResolver();
  let failed = false;
  return {
    signalData: (id, hours) => {
      if (failed) return replay.signalData(id, hours);
      failed = true;
      return Promise.reject(new Error('HTTP 503: The data service is down'));
    },
  };
}

const meta: Meta = {
  title: 'Artifacts/correlation-matrix',
  component: 'correlation-matrix',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          '`render_correlation_matrix`: the element fetches 2 to 8 series and computes Pearson itself; props ' +
          'that carry their own matrix are refused. The stories read the in-page synthetic data: no server.',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const Valid: Story = {
  render: () => html`<correlation-matrix source="replay" .props=${props}></correlation-matrix>`,
};

export const SixSignals: Story = {
  render: () =>
    html`<correlation-matrix
      source="replay"
      signal-def-ids="1 2 3 4 5 6"
      window-hours="48"
    ></correlation-matrix>`,
};

export const RefusedMatrix: Story = {
  render: () =>
    html`<correlation-matrix
      .props=${{
        sources: ['API', 'Search'],
        impact_matrix: [
          [1, 0.97],
          [0.97, 1],
        ],
        cell_id: 1,
      }}
    ></correlation-matrix>`,
};

export const Invalid: Story = {
  render: () =>
    html`<agent-artifact
      component="correlation_matrix"
      .props=${{ cell_id: 1, signal_def_ids: [1] }}
    ></agent-artifact>`,
};

export const Loading: Story = {
  render: () =>
    html`<correlation-matrix .resolver=${pending} .props=${props}></correlation-matrix>`,
};

export const LoadError: Story = {
  name: 'Error (Retry works)',
  render: () =>
    html`<correlation-matrix .resolver=${failingOnce()} .props=${props}></correlation-matrix>`,
};

export const Dark: Story = {
  render: () =>
    html`<correlation-matrix
      source="replay"
      theme="dark"
      .props=${{ ...props, signal_def_ids: [1, 2, 5] }}
    ></correlation-matrix>`,
};
