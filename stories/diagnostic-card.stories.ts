import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import type { DiagnosticCardProps } from '../components/diagnostic-card/diagnostic-card.js';

const props: DiagnosticCardProps = {
  title: 'API latency 2.4× baseline',
  confidence: 0.59,
  root_cause: 'API latency rose from 60 ms to 145 ms (+142%) at unchanged volume (1,200 requests).',
  contributing_factors: [
    'Events (Platform) started reporting: 2,100 requests at 170 ms.',
    'Queue and Search latency unchanged against the baseline.',
  ],
  cell_id: 1,
};

const meta: Meta = {
  title: 'Elements/diagnostic-card',
  component: 'diagnostic-card',
  tags: ['autodocs'],
};
export default meta;

type Story = StoryObj<{ props?: DiagnosticCardProps; theme?: string }>;

export const Playground: Story = {
  args: { props, theme: 'light' },
  render: (args) =>
    html`<diagnostic-card .props=${args.props} theme=${args.theme ?? nothing}></diagnostic-card>`,
};

export const Empty: Story = {
  render: () => html`<diagnostic-card></diagnostic-card>`,
};

export const Dark: Story = {
  render: () => html`<diagnostic-card .props=${props} theme="dark"></diagnostic-card>`,
};
