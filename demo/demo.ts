// The demo page: registers the elements, honours ?endpoint=URL, offers the chat's prepared prompts, uploads and
// dictation.
import '../components/define.js';
// The inspector is its own bundle on a real page; here it records from the start, hidden until asked for.
import '../components/agent-inspector/define-inspector.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { fixtureUpload } from './fixture-upload.js';
import { fixtureTranscribe } from './fixture-transcribe.js';

const run = document.querySelector<AgentRun>('agent-run');
const chat = document.querySelector<AgentChat>('agent-chat');
const endpoint = new URLSearchParams(location.search).get('endpoint');
if (run && endpoint) {
  run.setAttribute('endpoint', endpoint);
  // Another agent: the fixture's connect and stop routes are not its own.
  run.removeAttribute('connect-endpoint');
  run.removeAttribute('stop-endpoint');
  run.setAttribute('disclosure', `Connected to ${endpoint}.`);
}
if (chat) {
  chat.prompts = [
    'Run the analysis',
    'Why is API latency up?',
    'Open a work order',
    'Schedule maintenance for cell 3',
    'Explore API latency',
    'Delegate the checks to subagents',
  ];
}
// Attachments go to the fixture's own upload store (url sources); another endpoint gets them inline instead.
if (chat && !endpoint) chat.uploadAttachment = fixtureUpload();
// Dictate posts to the fixture's speech-to-text, which answers the prepared question whatever it hears.
if (chat && !endpoint) chat.transcribe = fixtureTranscribe();

// Banners arrive by ui_render, in a run or from the sentinel's channel (cell 1, the cell the demo's diagnosis is
// about); the list beside the chart stays silent until one does.
const banners = document.querySelector('agent-artifacts');
if (banners) banners.strings = { empty: '' };

const toggle = document.querySelector<HTMLButtonElement>('.inspector-toggle');
const inspector = document.querySelector<HTMLElement>('#inspector');
toggle?.addEventListener('click', () => {
  if (!inspector) return;
  inspector.hidden = !inspector.hidden;
  toggle.setAttribute('aria-expanded', String(!inspector.hidden));
  toggle.textContent = inspector.hidden ? 'Show inspector' : 'Hide inspector';
});

// The language picker sets <html lang> (kept in ?lang= so a reload keeps it); the elements follow it, and Arabic and
// Hebrew lay them out right to left on their own.
const picker = document.querySelector<HTMLSelectElement>('#language');
const chosen = new URLSearchParams(location.search).get('lang');
if (picker && chosen && [...picker.options].some((option) => option.value === chosen)) {
  picker.value = chosen;
  document.documentElement.lang = chosen;
}
picker?.addEventListener('change', () => {
  document.documentElement.lang = picker.value;
  const url = new URL(location.href);
  url.searchParams.set('lang', picker.value);
  history.replaceState(null, '', url);
});
