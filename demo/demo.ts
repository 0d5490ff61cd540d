// The demo page: registers the elements, honours ?endpoint=URL and offers the chat's prepared prompts.
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';

const run = document.querySelector<AgentRun>('agent-run');
const chat = document.querySelector<AgentChat>('agent-chat');
const endpoint = new URLSearchParams(location.search).get('endpoint');
if (run && endpoint) {
  run.setAttribute('endpoint', endpoint);
  run.setAttribute('disclosure', `Connected to ${endpoint}.`);
}
if (chat) {
  chat.prompts = [
    'Run the analysis',
    'Why is API latency up?',
    'Open a work order',
    'Delegate the checks to subagents',
  ];
}

// Banners arrive by ui_render; the list beside the chart stays silent until one does.
const banners = document.querySelector('agent-artifacts');
if (banners) banners.strings = { empty: '' };
