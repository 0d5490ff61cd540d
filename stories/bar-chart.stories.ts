import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';

const props = {
  title: 'Requests per minute by service',
  x_label: 'Service',
  y_label: 'Requests per minute',
  bars: [
    { label: 'API', value: 1200 },
    { label: 'Search', value: 800 },
    { label: 'Queue', value: 1700 },
    { label: 'Events', value: 2100 },
  ],
};

const meta: Meta = {
  title: 'Artifacts/bar-chart',
  component: 'bar-chart',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          '`render_bar_chart`: labelled values as bars in an accessible table; cell_id optional.',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const Valid: Story = { render: () => html`<bar-chart .props=${props}></bar-chart>` };

export const NegativeValues: Story = {
  render: () =>
    html`<bar-chart
      .props=${{
        title: 'Latency change against baseline',
        x_label: 'Service',
        y_label: 'Change (ms)',
        cell_id: 1,
        bars: [
          { label: 'API', value: 85 },
          { label: 'Search', value: -4 },
          { label: 'Queue', value: 0 },
          { label: 'Events', value: -12 },
        ],
      }}
    ></bar-chart>`,
};

export const Invalid: Story = {
  render: () =>
    html`<agent-artifact
      component="bar_chart"
      .props=${{ ...props, bars: [{ label: 'API', value: 'lots' }] }}
    ></agent-artifact>`,
};

export const Streaming: Story = {
  name: 'Loading (streaming props)',
  render: () =>
    html`<agent-artifact
      .artifact=${{ id: 'c1', source: 'tool-call', name: 'render_bar_chart', props: {}, complete: false, run: 0 }}
    ></agent-artifact>`,
};

export const Unsupported: Story = {
  name: 'Error (unsupported component)',
  render: () =>
    html`<agent-artifact component="pie_chart" .props=${{ slices: [1, 2, 3] }}></agent-artifact>`,
};

export const Dark: Story = {
  render: () => html`<bar-chart theme="dark" .props=${props}></bar-chart>`,
};
