// Storybook: every element and state, driven by the in-page replay agent (no server).
import type { StorybookConfig } from '@storybook/web-components-vite';
import { prismPrivate } from '../scripts/prism-private.mjs';
import { diagramFramePlugin } from '../scripts/diagram-frame.mjs';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.ts'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  addons: ['@storybook/addon-docs'],
  core: { disableTelemetry: true },
  docs: {},
  // The highlighter's private Prism is generated, not a file (scripts/prism-private.mjs); the diagram frame's files
  // are served and emitted beside the assets (scripts/diagram-frame.mjs).
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), prismPrivate(), diagramFramePlugin()],
  }),
};

export default config;
