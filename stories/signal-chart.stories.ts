import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import type { ArtifactDataResolver } from '../src/artifacts/resolvers.js';
import { createReplayResolver } from '../src/fixtures/replay-agent.js';

const props = {
  signal_def_id: 1,
  window_hours: 24,
  mark_anomaly_at: '2026-01-15T11:25:00Z',
  threshold: 120,
  cell_id: 1,
};

/** Never answers: the chart stays on its loading skeleton. */
const pending: ArtifactDataResolver = { signalData: () => new Promise(() => undefined) };

/** Fails the first lookup, so Retry shows the chart. */
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

/** 100,000 readings over a day: drawn as one path reduced to the pixel width. */
const dense: ArtifactDataResolver = {
  signalData: () => {
    const start = Date.parse('2026-01-14T12:00:00Z');
    const points = Array.from({ length: 100_000 }, (_, index) => ({
      t: start + index * 864,
      value: index === 73_000 ? 180 : 60 + Math.sin(index / 700) * 8 + ((index * 7919) % 13) / 3,
    }));
    return Promise.resolve({
      name: 'Dense synthetic signal',
      unit: 'ms',
      threshold: 120,
      points,
      synthetic: true,
    });
  },
};

const meta: Meta = {
  title: 'Artifacts/signal-chart',
  component: 'signal-chart',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          '`render_signal_chart`: the chart fetches the series its props point at. The stories read the in-page ' +
          'synthetic data (`source="replay"`) or a resolver of their own: no server.',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const Valid: Story = {
  render: () => html`<signal-chart source="replay" .props=${props}></signal-chart>`,
};

export const FromAttributes: Story = {
  render: () =>
    html`<signal-chart
      source="replay"
      signal-def-id="6"
      window-hours="72"
      cell-id="3"
    ></signal-chart>`,
};

export const Invalid: Story = {
  render: () =>
    html`<agent-artifact
      component="render_signal_chart"
      .props=${{ signal_def_id: 'one', window_hours: 500 }}
    ></agent-artifact>`,
};

export const Streaming: Story = {
  render: () =>
    html`<agent-artifact
      .artifact=${{ id: 'c1', source: 'tool-call', name: 'render_signal_chart', props: { signal_def_id: 1 }, complete: false, run: 0 }}
    ></agent-artifact>`,
};

export const Loading: Story = {
  render: () => html`<signal-chart .resolver=${pending} .props=${props}></signal-chart>`,
};

export const LoadError: Story = {
  name: 'Error (Retry works)',
  render: () => html`<signal-chart .resolver=${failingOnce()} .props=${props}></signal-chart>`,
};

export const HundredThousandReadings: Story = {
  render: () => html`<signal-chart .resolver=${dense} .props=${props}></signal-chart>`,
};

export const Dark: Story = {
  render: () => html`<signal-chart source="replay" theme="dark" .props=${props}></signal-chart>`,
};
