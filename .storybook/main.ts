// Storybook: every element and state, driven by the in-page replay agent (no server).
import type { StorybookConfig } from '@storybook/web-components-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.ts'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  addons: ['@storybook/addon-docs'],
  core: { disableTelemetry: true },
  docs: {},
};

export default config;
