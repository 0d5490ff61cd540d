import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';

const props = {
  steps: [
    { label: 'Read the measurements', status: 'done' },
    { label: 'Compare with the baseline', status: 'done' },
    { label: 'Read the cell 1 knowledge base', status: 'running' },
    { label: 'Index the runbooks', status: 'failed' },
    { label: 'Write the diagnosis', status: 'pending' },
  ],
  cell_id: 1,
};

const meta: Meta = {
  title: 'Artifacts/kb-progress',
  component: 'kb-progress',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          '`render_kb_progress`: the steps of building a knowledge base and where each stands.',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const Valid: Story = { render: () => html`<kb-progress .props=${props}></kb-progress>` };

export const AllDone: Story = {
  render: () =>
    html`<kb-progress
      cell-id="1"
      steps='[{"label":"Read the measurements","status":"done"},{"label":"Write the diagnosis","status":"done"}]'
    ></kb-progress>`,
};

export const Invalid: Story = {
  render: () =>
    html`<agent-artifact
      component="kb_progress"
      .props=${{ steps: [{ label: 'Read', status: 'finished' }], cell_id: 1 }}
    ></agent-artifact>`,
};

export const Streaming: Story = {
  name: 'Loading (streaming props)',
  render: () =>
    html`<agent-artifact
      .artifact=${{ id: 'c1', source: 'tool-call', name: 'render_kb_progress', props: {}, complete: false, run: 0 }}
    ></agent-artifact>`,
};

export const Empty: Story = {
  name: 'Error (no steps given to the element)',
  render: () => html`<kb-progress></kb-progress>`,
};

export const Dark: Story = {
  render: () => html`<kb-progress theme="dark" .props=${props}></kb-progress>`,
};
