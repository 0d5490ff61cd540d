// Storybook preview: registers the elements and loads the manifest for controls and docs.
import type { Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json';
import '../components/define.js';

setCustomElementsManifest(manifest);

const preview: Preview = {
  parameters: {
    controls: { expanded: true },
    layout: 'padded',
  },
};

export default preview;
