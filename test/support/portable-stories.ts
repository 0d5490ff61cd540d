// Stories composed as Storybook composes them (project, meta and story annotations), for tests in Chromium.
import * as webComponentsAnnotations from '@storybook/web-components/entry-preview';
import type { ComposedStoryFn, Store_CSFExports } from 'storybook/internal/types';
import { composeStories, setProjectAnnotations } from 'storybook/preview-api';
import preview from '../../.storybook/preview.js';

/** The web-components renderer's annotations and this project's preview (it registers the elements). */
export const annotations = setProjectAnnotations([webComponentsAnnotations, preview]);

/** A fresh canvas in the page, as Storybook's preview gives each story. */
export function newCanvas(): HTMLElement {
  const canvas = document.createElement('div');
  canvas.id = 'storybook-root';
  document.body.append(canvas);
  return canvas;
}

/** A stories module's stories, composed with the project's annotations (the generic API leaves them untyped). */
export function composedStories(module: Store_CSFExports): [string, ComposedStoryFn][] {
  return Object.entries(composeStories(module, annotations)) as [string, ComposedStoryFn][];
}
