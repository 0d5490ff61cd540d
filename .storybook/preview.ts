// Storybook preview: registers the elements, loads the manifest for controls and docs, and sets the page's language
// and direction from the toolbar (the elements follow `<html lang>` and `dir` as they would on a host page).
import type { Decorator, Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json';
import '../components/define.js';

setCustomElementsManifest(manifest);

/** Sets `<html lang>` and `dir` before the story renders; `auto` leaves the direction to the language. */
const withLocale: Decorator = (story, context) => {
  const root = document.documentElement;
  const locale = String(context.globals['locale'] ?? 'en');
  const direction = String(context.globals['direction'] ?? 'auto');
  root.lang = locale;
  if (direction === 'auto') root.removeAttribute('dir');
  else root.dir = direction;
  return story();
};

const preview: Preview = {
  parameters: {
    controls: { expanded: true },
    layout: 'padded',
  },
  globalTypes: {
    locale: {
      description: 'The page language (<html lang>)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'fr', title: 'Français' },
          { value: 'ar', title: 'العربية' },
          { value: 'de', title: 'Deutsch' },
          { value: 'es', title: 'Español' },
          { value: 'it', title: 'Italiano' },
          { value: 'pt', title: 'Português' },
          { value: 'nl', title: 'Nederlands' },
          { value: 'pl', title: 'Polski' },
          { value: 'ja', title: '日本語' },
          { value: 'zh', title: '简体中文' },
          { value: 'ko', title: '한국어' },
          { value: 'he', title: 'עברית' },
        ],
        dynamicTitle: true,
      },
    },
    direction: {
      description: 'The page direction (<html dir>); auto follows the language',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'auto', title: 'From the language' },
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', direction: 'auto' },
  decorators: [withLocale],
};

export default preview;
