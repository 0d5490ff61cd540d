// Every story is a test: each export of stories/*.stories.ts is composed as Storybook composes it (project,
// meta and story annotations: args, decorators, loaders, beforeEach), rendered in Chromium, its play function
// run, and axe run once on what it shows. A failing story fails the test named by its id.
// (test/stories-runner.test.ts shows that this runner fails a story whose play or axe check fails.)
import { expect } from '@open-wc/testing';
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
import { composedStories, newCanvas } from './support/portable-stories.js';

/** Every stories module, by file name (test/node/theme-and-stories.test.ts checks that none is missing). */
const STORIES_MODULES = {
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

describe('stories', () => {
  let canvas: HTMLElement | undefined;

  afterEach(() => {
    canvas?.remove();
    canvas = undefined;
  });

  for (const [file, module] of Object.entries(STORIES_MODULES)) {
    describe(file, () => {
      for (const [exportName, story] of composedStories(module)) {
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
