// Every story is a test: each export of these stories modules is composed as Storybook composes it (project,
// meta and story annotations: args, decorators, loaders, beforeEach), rendered in Chromium, its play function
// run, and axe run once on what it shows. A failing story fails the test named by its id.
// (test/stories-runner.test.ts shows that the runner fails a story whose play or axe check fails;
// test/node/theme-and-stories.test.ts that every stories module is listed in test/stories/.)
import * as agentArtifacts from '../../stories/agent-artifacts.stories.js';
import * as alertBanner from '../../stories/alert-banner.stories.js';
import * as barChart from '../../stories/bar-chart.stories.js';
import * as correlationMatrix from '../../stories/correlation-matrix.stories.js';
import * as equipmentKbCard from '../../stories/equipment-kb-card.stories.js';
import * as kbProgress from '../../stories/kb-progress.stories.js';
import * as patternMatch from '../../stories/pattern-match.stories.js';
import * as signalChart from '../../stories/signal-chart.stories.js';
import * as workOrderCard from '../../stories/work-order-card.stories.js';
import { describeStories } from '../support/portable-stories.js';

describeStories({
  'agent-artifacts.stories.ts': agentArtifacts,
  'alert-banner.stories.ts': alertBanner,
  'bar-chart.stories.ts': barChart,
  'correlation-matrix.stories.ts': correlationMatrix,
  'equipment-kb-card.stories.ts': equipmentKbCard,
  'kb-progress.stories.ts': kbProgress,
  'pattern-match.stories.ts': patternMatch,
  'signal-chart.stories.ts': signalChart,
  'work-order-card.stories.ts': workOrderCard,
});
