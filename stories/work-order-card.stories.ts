import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import type { ArtifactDataResolver } from '../src/artifacts/resolvers.js';
import { createReplayResolver } from '../src/fixtures/replay-agent.js';

const props = { work_order_id: 'WO-1001', printable: true, cell_id: 1 };
const pending: ArtifactDataResolver = { workOrder: () => new Promise(() => undefined) };

function failingOnce(): ArtifactDataResolver {
  const replay = createReplayResolver();
  let failed = false;
  return {
    workOrder: (id) => {
      if (failed) return replay.workOrder(id);
      failed = true;
      return Promise.reject(new Error('HTTP 503: The data service is down'));
    },
  };
}

const meta: Meta = {
  title: 'Artifacts/work-order-card',
  component: 'work-order-card',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          '`render_work_order_card`: the card fetches the work order; when printable, Print prints it alone. ' +
          'The stories read the in-page synthetic data: no server.',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const Valid: Story = {
  render: () => html`<work-order-card source="replay" .props=${props}></work-order-card>`,
};

export const NotPrintable: Story = {
  render: () =>
    html`<work-order-card source="replay" work-order-id="WO-1003" cell-id="3"></work-order-card>`,
};

export const Invalid: Story = {
  render: () =>
    html`<agent-artifact
      component="work_order_card"
      .props=${{ work_order_id: '../../etc/passwd', printable: 'yes' }}
    ></agent-artifact>`,
};

export const Loading: Story = {
  render: () => html`<work-order-card .resolver=${pending} .props=${props}></work-order-card>`,
};

export const LoadError: Story = {
  name: 'Error (Retry works)',
  render: () =>
    html`<work-order-card .resolver=${failingOnce()} .props=${props}></work-order-card>`,
};

export const UnknownWorkOrder: Story = {
  render: () =>
    html`<work-order-card
      source="replay"
      .props=${{ ...props, work_order_id: 'WO-9999' }}
    ></work-order-card>`,
};

export const Dark: Story = {
  render: () =>
    html`<work-order-card source="replay" theme="dark" .props=${props}></work-order-card>`,
};
