// Every story is a test: each export of these stories modules is composed as Storybook composes it (project,
// meta and story annotations: args, decorators, loaders, beforeEach), rendered in Chromium, its play function
// run, and axe run once on what it shows. A failing story fails the test named by its id.
// (test/stories-runner.test.ts shows that the runner fails a story whose play or axe check fails;
// test/node/theme-and-stories.test.ts that every stories module is listed in test/stories/.)
import * as agentChatA2ui from '../../stories/agent-chat-a2ui.stories.js';
import * as agentChatMath from '../../stories/agent-chat-math.stories.js';
import * as agentChatDiagrams from '../../stories/agent-chat-diagrams.stories.js';
import * as agentChatMcpApps from '../../stories/agent-chat-mcp-apps.stories.js';
import * as agentChatAttachments from '../../stories/agent-chat-attachments.stories.js';
import * as agentChatConversation from '../../stories/agent-chat-conversation.stories.js';
import * as agentChat from '../../stories/agent-chat.stories.js';
import * as agentInspector from '../../stories/agent-inspector.stories.js';
import * as agentLauncher from '../../stories/agent-launcher.stories.js';
import * as agentRun from '../../stories/agent-run.stories.js';
import * as agentThreads from '../../stories/agent-threads.stories.js';
import * as diagnosticCard from '../../stories/diagnostic-card.stories.js';
import * as runControls from '../../stories/run-controls.stories.js';
import * as serviceChart from '../../stories/service-chart.stories.js';
import * as theming from '../../stories/theming.stories.js';
import { describeStories } from '../support/portable-stories.js';

describeStories({
  'agent-chat-a2ui.stories.ts': agentChatA2ui,
  'agent-chat-attachments.stories.ts': agentChatAttachments,
  'agent-chat-math.stories.ts': agentChatMath,
  'agent-chat-diagrams.stories.ts': agentChatDiagrams,
  'agent-chat-mcp-apps.stories.ts': agentChatMcpApps,
  'agent-chat-conversation.stories.ts': agentChatConversation,
  'agent-chat.stories.ts': agentChat,
  'agent-inspector.stories.ts': agentInspector,
  'agent-launcher.stories.ts': agentLauncher,
  'agent-run.stories.ts': agentRun,
  'agent-threads.stories.ts': agentThreads,
  'diagnostic-card.stories.ts': diagnosticCard,
  'run-controls.stories.ts': runControls,
  'service-chart.stories.ts': serviceChart,
  'theming.stories.ts': theming,
});
