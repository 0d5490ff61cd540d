// The voice stories as tests (see elements.test.ts): each rendered, played and checked with axe. They stand in for
// the microphone and the speech engines themselves, so they run in the ordinary browser, not the voice tests' one.
import * as agentChatVoice from '../../stories/agent-chat-voice.stories.js';
import { describeStories } from '../support/portable-stories.js';

describeStories({ 'agent-chat-voice.stories.ts': agentChatVoice });
