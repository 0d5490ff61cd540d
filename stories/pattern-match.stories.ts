import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';

const props = {
  current_event: 'API latency above 120 ms at unchanged volume on cell 1',
  past_event_ref: 'INC-4411',
  similarity: 0.82,
  cell_id: 1,
};

const meta: Meta = {
  title: 'Artifacts/pattern-match',
  component: 'pattern-match',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          '`render_pattern_match`: the current event, the past event it resembles, their similarity.',
      },
    },
  },
};
export default meta;

type Story = StoryObj;

export const Valid: Story = { render: () => html`<pattern-match .props=${props}></pattern-match>` };

export const FromAttributes: Story = {
  render: () =>
    html`<pattern-match
      current-event="Queue lag grows at the daily peak"
      past-event-ref="INC-2207"
      similarity="0.41"
      cell-id="3"
    ></pattern-match>`,
};

export const Invalid: Story = {
  render: () =>
    html`<agent-artifact
      component="PatternMatch"
      .props=${{ ...props, similarity: 1.7, past_event_ref: undefined }}
    ></agent-artifact>`,
};

export const Streaming: Story = {
  name: 'Loading (streaming props)',
  render: () =>
    html`<agent-artifact
      .artifact=${{ id: 'c1', source: 'tool-call', name: 'render_pattern_match', props: {}, complete: false, run: 0 }}
    ></agent-artifact>`,
};

export const ErrorCallNotJson: Story = {
  name: 'Error (arguments not JSON)',
  render: () =>
    html`<agent-artifact
      .artifact=${{ kind: 'tool-call', id: 'p1', name: 'render_pattern_match', family: 'render', argsText: '{"similarity": 0.', args: undefined, status: 'failed', error: 'The arguments of render_pattern_match are not valid JSON.' }}
    ></agent-artifact>`,
};

export const Dark: Story = {
  render: () => html`<pattern-match theme="dark" .props=${props}></pattern-match>`,
};
