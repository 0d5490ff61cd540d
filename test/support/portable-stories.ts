// Stories composed as Storybook composes them (project, meta and story annotations), run as tests in Chromium.
import { expect } from '@open-wc/testing';
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

/**
 * One test per story of each module, named by the story's id: it renders the story with its args, decorators,
 * loaders and beforeEach, runs its play function, and runs axe once on what it shows.
 */
export function describeStories(modules: Readonly<Record<string, Store_CSFExports>>): void {
  describe('stories', () => {
    let canvas: HTMLElement | undefined;

    afterEach(() => {
      canvas?.remove();
      canvas = undefined;
    });

    for (const [file, module] of Object.entries(modules)) {
      describe(file, () => {
        for (const [exportName, story] of composedStories(module)) {
          // A story may wait for several states in turn (each up to STORY_WAIT_MS), and the replay plays ~10 s.
          it(`${story.id} (${exportName}) renders, plays and passes axe`, async () => {
            canvas = newCanvas();
            await story.run({ canvasElement: canvas });
            expect(canvas.childElementCount, 'the story rendered something').to.be.greaterThan(0);
            await expect(canvas).to.be.accessible();
          }).timeout(60_000);
        }
      });
    }
  });
}
