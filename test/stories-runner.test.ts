// The story runner itself: a story whose play function fails, or whose DOM axe faults, fails its test.
import { expect } from '@open-wc/testing';
import { composeStory } from 'storybook/preview-api';
import { annotations, newCanvas } from './support/portable-stories.js';

describe('the story runner', () => {
  let canvas: HTMLElement | undefined;

  afterEach(() => {
    canvas?.remove();
    canvas = undefined;
  });

  it('fails a story whose play function fails, and renders its args', async () => {
    const meta = {
      title: 'Self test',
      render: (args: { label?: string }) => `${args.label ?? ''}`,
    };
    const failing = composeStory(
      {
        args: { label: 'shown' },
        play: ({ canvasElement }: { canvasElement: HTMLElement }) => {
          if (canvasElement.textContent?.includes('shown')) throw new Error('play ran');
        },
      },
      meta,
      annotations,
    );
    canvas = newCanvas();
    let error: unknown;
    await failing.run({ canvasElement: canvas }).catch((caught: unknown) => {
      error = caught;
    });
    expect(String(error)).to.contain('play ran');
  });

  it('finds an axe violation in a story', async () => {
    const unnamed = composeStory(
      { render: () => '<button type="button"></button>' },
      { title: 'Self test' },
      annotations,
    );
    canvas = newCanvas();
    await unnamed.run({ canvasElement: canvas });
    expect(canvas.querySelector('button'), 'the story rendered its button').to.not.equal(null);
    await expect(canvas).not.to.be.accessible();
  });
});
