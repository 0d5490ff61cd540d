import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import type { ArtifactDataResolver } from '../src/artifacts/resolvers.js';
import { createReplayResolver } from '../src/fixtures/replay-agent.js';

const props = { cell_id: 1, highlight_fields: ['runbook', 'latency_slo'] };
const pending: ArtifactDataResolver = { cellKb: () => new Promise(() => undefined) };

function failingOnce(): ArtifactDataResolver {
  const replay = createReplayResolver();
  let failed = false;
  return {
    cellKb: (cellId) => {
      if (failed) return replay.cellKb(cellId);
      failed = true;
      return Promise.reject(new Error('HTTP 503: The data service is down'));
    },
  };
}

const meta: Meta = {
  title: 'Artifacts/equipment-kb-card',
  component: 'equipment-kb-card',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "`render_equipment_kb_card`: a cell's knowledge-base record, fetched by cell id, highlighted fields " +
          'marked with a label. The stories read the in-page synthetic data: no server.',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const Valid: Story = {
  render: () => html`<equipment-kb-card source="replay" .props=${props}></equipment-kb-card>`,
};

export const HighlightNotInRecord: Story = {
  render: () =>
    html`<equipment-kb-card
      source="replay"
      cell-id="3"
      highlight-fields="owner warranty"
    ></equipment-kb-card>`,
};

export const Invalid: Story = {
  render: () =>
    html`<agent-artifact
      component="EquipmentKbCard"
      .props=${{ cell_id: '1', highlight_fields: 'runbook' }}
    ></agent-artifact>`,
};

export const Loading: Story = {
  render: () => html`<equipment-kb-card .resolver=${pending} .props=${props}></equipment-kb-card>`,
};

export const LoadError: Story = {
  name: 'Error (Retry works)',
  render: () =>
    html`<equipment-kb-card .resolver=${failingOnce()} .props=${props}></equipment-kb-card>`,
};

export const Dark: Story = {
  render: () =>
    html`<equipment-kb-card source="replay" theme="dark" .props=${props}></equipment-kb-card>`,
};
