import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';

const props = {
  severity: 'warning',
  cell_id: 1,
  anomaly_id: 'anomaly-1-api-latency-999',
  message: 'Sentinel: an API latency reading of 999 ms on cell 1 is outside the plausible range.',
};

const meta: Meta = {
  title: 'Artifacts/alert-banner',
  component: 'alert-banner',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A sentinel alert that arrives on the `ui_render` channel only (never offered to a model as a tool); ' +
          'dismissible; critical ones are announced assertively.',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const Valid: Story = { render: () => html`<alert-banner .props=${props}></alert-banner>` };

export const Critical: Story = {
  render: () =>
    html`<alert-banner
      severity="critical"
      cell-id="2"
      anomaly-id="anomaly-2-3"
      message="Search latency p95 at 230 ms, above the 200 ms objective."
    ></alert-banner>`,
};

export const Info: Story = {
  render: () =>
    html`<alert-banner
      severity="info"
      cell-id="3"
      message="Queue consumers were added."
    ></alert-banner>`,
};

export const Invalid: Story = {
  render: () =>
    html`<agent-artifact
      .artifact=${{ id: 'u1', source: 'ui_render', name: 'alert_banner', props: { ...props, severity: 'panic' }, complete: true, run: 1 }}
    ></agent-artifact>`,
};

export const RefusedAsToolCall: Story = {
  name: 'Error (offered as a tool call)',
  render: () =>
    html`<agent-artifact
      .artifact=${{ id: 't1', source: 'tool-call', name: 'render_alert_banner', props, complete: true, run: 1 }}
    ></agent-artifact>`,
};

export const Streaming: Story = {
  name: 'Loading (streaming props)',
  render: () =>
    html`<agent-artifact
      .artifact=${{ id: 'c1', source: 'ui_render', name: 'alert_banner', props: {}, complete: false, run: 0 }}
    ></agent-artifact>`,
};

export const Dark: Story = {
  render: () =>
    html`<alert-banner theme="dark" .props=${{ ...props, severity: 'critical' }}></alert-banner>`,
};
