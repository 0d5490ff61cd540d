// Every story is a test: each export of stories/*.stories.ts is composed as Storybook composes it (project,
// meta and story annotations: args, decorators, loaders, beforeEach), rendered in Chromium, its play function
// run, and axe run once on what it shows.
import { expect } from '@open-wc/testing';
import * as webComponentsAnnotations from '@storybook/web-components/entry-preview';
import { composeStories, composeStory, setProjectAnnotations } from 'storybook/preview-api';
import type { ComposedStoryFn, Store_CSFExports } from 'storybook/internal/types';
import preview from '../.storybook/preview.js';
import * as agentArtifacts from '../stories/agent-artifacts.stories.js';
import * as agentChat from '../stories/agent-chat.stories.js';
import * as agentRun from '../stories/agent-run.stories.js';
import * as alertBanner from '../stories/alert-banner.stories.js';
import * as barChart from '../stories/bar-chart.stories.js';
import * as correlationMatrix from '../stories/correlation-matrix.stories.js';
import * as diagnosticCard from '../stories/diagnostic-card.stories.js';
import * as equipmentKbCard from '../stories/equipment-kb-card.stories.js';
import * as kbProgress from '../stories/kb-progress.stories.js';
import * as patternMatch from '../stories/pattern-match.stories.js';
import * as runControls from '../stories/run-controls.stories.js';
import * as serviceChart from '../stories/service-chart.stories.js';
import * as signalChart from '../stories/signal-chart.stories.js';
import * as theming from '../stories/theming.stories.js';
import * as workOrderCard from '../stories/work-order-card.stories.js';

/** Every stories module, by file name (test/node/stories-listed.test.ts checks that none is missing). */
export const STORIES_MODULES = {
  'agent-artifacts.stories.ts': agentArtifacts,
  'agent-chat.stories.ts': agentChat,
  'agent-run.stories.ts': agentRun,
  'alert-banner.stories.ts': alertBanner,
  'bar-chart.stories.ts': barChart,
  'correlation-matrix.stories.ts': correlationMatrix,
  'diagnostic-card.stories.ts': diagnosticCard,
  'equipment-kb-card.stories.ts': equipmentKbCard,
  'kb-progress.stories.ts': kbProgress,
  'pattern-match.stories.ts': patternMatch,
  'run-controls.stories.ts': runControls,
  'service-chart.stories.ts': serviceChart,
  'signal-chart.stories.ts': signalChart,
  'theming.stories.ts': theming,
  'work-order-card.stories.ts': workOrderCard,
};

const annotations = setProjectAnnotations([webComponentsAnnotations, preview]);

/** A fresh canvas in the page, as Storybook's preview gives each story. */
function newCanvas(): HTMLElement {
  const canvas = document.createElement('div');
  canvas.id = 'storybook-root';
  document.body.append(canvas);
  return canvas;
}

/** A stories module's stories, composed with the project's annotations (the generic API leaves them untyped). */
function composedStories(module: Store_CSFExports): [string, ComposedStoryFn][] {
  return Object.entries(composeStories(module, annotations)) as [string, ComposedStoryFn][];
}

let storyCount = 0;

describe('stories', () => {
  let canvas: HTMLElement | undefined;

  afterEach(() => {
    canvas?.remove();
    canvas = undefined;
  });

  after(() => {
    console.log(`Story tests: ${storyCount} stories rendered, played and checked with axe.`);
  });

  it('fails a story whose play function fails, and renders its args (the runner itself)', async () => {
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

  it('finds an axe violation in a story (the runner itself)', async () => {
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

  for (const [file, module] of Object.entries(STORIES_MODULES)) {
    describe(file, () => {
      for (const [exportName, story] of composedStories(module)) {
        storyCount += 1;
        it(`${story.id} (${exportName}) renders, plays and passes axe`, async () => {
          canvas = newCanvas();
          await story.run({ canvasElement: canvas });
          expect(canvas.childElementCount, 'the story rendered something').to.be.greaterThan(0);
          await expect(canvas).to.be.accessible();
        });
      }
    });
  }
});
