// Every visible sentence of <agent-chat>, replaceable through its `strings` property.
import { PART_FAILURE_TEXT } from '../shared/part-failure.js';
import { ATTACHMENT_STRINGS, type AttachmentStrings } from './attachment-strings.js';
import { CONVERSATION_STRINGS, type ConversationStrings } from './conversation-strings.js';
import { VOICE_STRINGS, type VoiceStrings } from './voice/voice-strings.js';

/** Every visible string of `<agent-chat>`; `{…}` placeholders are filled in. */
export interface AgentChatStrings extends AttachmentStrings, ConversationStrings, VoiceStrings {
  readonly title: string;
  readonly newThread: string;
  readonly transcript: string;
  readonly emptyTitle: string;
  readonly emptyBody: string;
  readonly noStore: string;
  readonly you: string;
  readonly agent: string;
  readonly system: string;
  readonly message: string;
  readonly placeholder: string;
  readonly send: string;
  readonly stop: string;
  readonly suggestions: string;
  readonly hint: string;
  readonly working: string;
  readonly thinking: string;
  readonly thinkingLive: string;
  readonly copy: string;
  readonly copied: string;
  readonly copyCode: string;
  readonly copyCsv: string;
  readonly downloadConversation: string;
  readonly code: string;
  readonly highlightUnavailable: string;
  readonly copyMath: string;
  readonly mathInvalid: string;
  readonly mathUnavailable: string;
  readonly image: string;
  readonly copiedNotice: string;
  readonly copyUnavailable: string;
  readonly regenerate: string;
  readonly retry: string;
  readonly stopped: string;
  readonly stoppedBeforeReply: string;
  readonly cancelledByAgent: string;
  readonly cancelledPageClosed: string;
  readonly continuedElsewhere: string;
  readonly loadLatest: string;
  readonly jumpToLatest: string;
  readonly familyWorkflow: string;
  readonly familyFrontend: string;
  readonly familyPresentation: string;
  readonly familyRender: string;
  readonly noteWorkflow: string;
  readonly noteFrontend: string;
  readonly notePresentation: string;
  readonly noteRender: string;
  readonly statusStreaming: string;
  readonly statusRunning: string;
  readonly statusAwaitingApproval: string;
  readonly statusDone: string;
  readonly statusFailed: string;
  readonly statusDenied: string;
  readonly statusCancelled: string;
  readonly statusNoResult: string;
  readonly arguments: string;
  readonly noArguments: string;
  readonly result: string;
  readonly toolError: string;
  readonly approvalTitle: string;
  readonly approvalPaused: string;
  readonly approvalTool: string;
  readonly approvalRequest: string;
  readonly comment: string;
  readonly approve: string;
  readonly deny: string;
  readonly approved: string;
  readonly denied: string;
  readonly approvalCancelled: string;
  readonly yourComment: string;
  readonly expires: string;
  readonly expired: string;
  readonly sendCancelsApproval: string;
  readonly failedAgent: string;
  readonly failedTransport: string;
  readonly failedProtocol: string;
  readonly tooLong: string;
  readonly tooLongHint: string;
  readonly startNewThread: string;
  readonly activity: string;
  /** A2UI surfaces: their states before they paint, and the notes in place of what cannot render. */
  readonly a2uiLabel: string;
  readonly a2uiBuilding: string;
  readonly a2uiBuildingProgress: string;
  readonly a2uiRetrying: string;
  readonly a2uiFailed: string;
  readonly a2uiErrors: string;
  readonly a2uiLegacy: string;
  readonly a2uiInvalid: string;
  readonly a2uiRefused: string;
  readonly a2uiLoading: string;
  readonly a2uiRenderer: string;
  readonly a2uiTagTaken: string;
  readonly a2uiCatalogMissing: string;
  readonly a2uiSurfaceMissing: string;
  readonly a2uiDeleted: string;
  readonly a2uiUpdated: string;
  readonly a2uiPending: string;
  readonly a2uiWait: string;
  readonly mcpAppLabel: string;
  readonly mcpAppHost: string;
  /** In place of an optional part that could not load (`{part}`: `a2uiRenderer`, `mcpAppHost`). */
  readonly partUnavailable: string;
  readonly mcpAppLoading: string;
  readonly mcpAppReady: string;
  readonly mcpAppInvalid: string;
  readonly mcpAppFetchFailed: string;
  readonly mcpAppNoHtml: string;
  readonly mcpAppPolicy: string;
  readonly mcpAppTimeout: string;
  readonly mcpAppNavigated: string;
  readonly mcpAppSandbox: string;
  readonly mcpAppSandboxOrigin: string;
  readonly mcpAppRefused: string;
  readonly mcpAppBusy: string;
  readonly mcpAppBound: string;
  readonly mcpAppHeld: string;
  readonly mcpAppLoad: string;
  readonly mcpAppPermissionsRefused: string;
  readonly mcpAppPermissionCamera: string;
  readonly mcpAppPermissionMicrophone: string;
  readonly mcpAppPermissionGeolocation: string;
  readonly mcpAppPermissionClipboard: string;
  readonly mcpAppOpenFullView: string;
  readonly mcpAppCloseFullView: string;
  readonly artifact: string;
  readonly artifactFrom: string;
  readonly props: string;
  readonly announceReply: string;
  readonly announceDone: string;
  readonly announceApproval: string;
  readonly announceFailed: string;
  readonly announceStopped: string;
  readonly announceCancelled: string;
}

export const AGENT_CHAT_STRINGS: AgentChatStrings = {
  ...CONVERSATION_STRINGS,
  title: 'Conversation',
  newThread: 'New thread',
  transcript: 'Conversation',
  emptyTitle: 'Start a conversation',
  emptyBody:
    'Your messages go to the agent this page is connected to. Its replies, tool calls and approval requests appear here.',
  noStore: 'Not connected to a run.',
  you: 'You',
  agent: 'Agent',
  system: 'System',
  message: 'Message',
  placeholder: 'Message the agent…',
  send: 'Send',
  stop: 'Stop',
  suggestions: 'Suggestions',
  hint: 'Enter sends · Shift+Enter adds a line',
  working: 'The agent is working…',
  thinking: 'Thinking',
  thinkingLive: 'Thinking…',
  copy: 'Copy',
  copied: 'Copied',
  copyCode: 'Copy code',
  copyCsv: 'Copy as CSV',
  downloadConversation: 'Download conversation',
  code: 'Code',
  highlightUnavailable: 'Highlighting is unavailable: could not load {where}.',
  copyMath: 'Copy TeX',
  mathInvalid: 'Not typeset: {reason}.',
  mathUnavailable: 'Math is unavailable: could not load {where}.',
  image: 'Image: {alt}',
  copiedNotice: 'Copied to the clipboard.',
  copyUnavailable:
    'The clipboard is not available here: select the text and copy it with Ctrl+C (⌘C on a Mac).',
  regenerate: 'Regenerate',
  retry: 'Retry',
  stopped: 'Stopped',
  stoppedBeforeReply: 'Stopped before the agent replied.',
  cancelledByAgent: 'The agent cancelled the run.',
  cancelledPageClosed: 'Cancelled — the page was closed.',
  continuedElsewhere: 'Continued in another tab.',
  loadLatest: 'Load it here',
  jumpToLatest: 'Jump to latest',
  familyWorkflow: 'Workflow tool',
  familyFrontend: 'Page tool',
  familyPresentation: 'Presentation',
  familyRender: 'Artifact',
  noteWorkflow: "The agent's own tool: the result is what the agent reported.",
  noteFrontend: 'A tool of this page: it ran here and its answer goes back to the agent.',
  notePresentation: 'Presentation only: it moves the view and changes no data.',
  noteRender: 'Shows an artifact in the conversation.',
  statusStreaming: 'Receiving arguments',
  statusRunning: 'Running',
  statusAwaitingApproval: 'Waiting for approval',
  statusDone: 'Done',
  statusFailed: 'Failed',
  statusDenied: 'Denied',
  statusCancelled: 'Cancelled',
  statusNoResult: 'No result',
  arguments: 'Arguments',
  noArguments: 'No arguments yet.',
  result: 'Result',
  toolError: 'Error',
  approvalTitle: 'Approval needed',
  approvalPaused: 'The run is paused until you answer.',
  approvalTool: 'The tool {name} runs only if you approve.',
  approvalRequest: 'Approval request',
  comment: 'Comment (optional)',
  approve: 'Approve',
  deny: 'Deny',
  approved: 'You approved.',
  denied: 'You denied.',
  approvalCancelled: 'Cancelled: a new message moved the conversation on.',
  yourComment: 'Your comment: {comment}',
  expires: 'Answer before {time}.',
  expired: 'This request expired at {time}: it can no longer be approved.',
  sendCancelsApproval: 'Sending a message now cancels the open approval request.',
  failedAgent: 'The agent reported an error',
  failedTransport: 'The connection to the agent failed',
  failedProtocol: 'The agent sent something this page cannot use',
  tooLong: 'This conversation is too long for this agent.',
  tooLongHint: 'Start a new thread to continue.',
  startNewThread: 'Start a new thread',
  activity: 'Activity: {type}',
  a2uiLabel: 'Interface from the agent',
  a2uiBuilding: 'The agent is building an interface…',
  a2uiBuildingProgress: 'The agent is building an interface… (about {tokens} tokens so far)',
  a2uiRetrying:
    'The interface the agent built had errors; it is trying again (attempt {attempt} of {max}).',
  a2uiFailed: 'The agent could not build this interface: {error}',
  a2uiErrors: 'What went wrong',
  a2uiLegacy: 'This interface uses A2UI v0.8, which this chat does not show (it shows A2UI v0.9).',
  a2uiInvalid: 'This interface could not be shown: {reason}',
  a2uiRefused: 'An update to this interface was refused: {reason}',
  a2uiLoading: 'Loading the interface…',
  a2uiRenderer: 'The A2UI renderer',
  a2uiTagTaken:
    'This interface cannot be shown: the page already defines <{tag}>, which the A2UI renderer needs.',
  a2uiCatalogMissing:
    'This interface needs the component catalog {catalog}, which this page has not registered.',
  a2uiSurfaceMissing: 'An update names the interface {surface}, which is not in this conversation.',
  a2uiDeleted: 'The agent removed this interface.',
  a2uiUpdated: 'The agent updated the interface {surface} above.',
  a2uiPending: 'Sending your answer… this interface is read-only until the reply finishes.',
  a2uiWait: 'Wait for the current reply to finish.',
  mcpAppLabel: 'App: {title}',
  mcpAppHost: 'The MCP Apps host',
  partUnavailable: PART_FAILURE_TEXT,
  mcpAppLoading: 'Loading the app…',
  mcpAppReady: 'The app {title} is ready.',
  mcpAppInvalid: 'This app could not be shown: {reason}.',
  mcpAppFetchFailed: 'The app could not be loaded: {reason}',
  mcpAppNoHtml: 'The app could not be shown: {reason}.',
  mcpAppPolicy:
    'The app could not be shown: this page does not allow the Trusted Types policy agui-elements-mcp-apps ({reason}).',
  mcpAppTimeout:
    'The app did not start within {reason}. If this page forbids inline scripts, serve mcp-apps-sandbox.html from another origin and name it with mcp-apps-sandbox.',
  mcpAppSandbox:
    "The app sandbox at {reason} did not answer. Check that it is served there and that its parent list names this page's origin.",
  mcpAppSandboxOrigin:
    'The app sandbox must be a page on another origin than this one, not {reason}.',
  mcpAppNavigated: 'The app navigated away from itself, so it was closed.',
  mcpAppRefused: 'The app asked for {method}: {reason}',
  mcpAppBusy: 'Wait for the current reply to finish.',
  mcpAppHeld: 'This app was saved with the conversation. Nothing of it loads until you ask.',
  mcpAppLoad: 'Load app',
  mcpAppPermissionsRefused: 'The app asked for {permissions}, which this page does not allow.',
  mcpAppPermissionCamera: 'the camera',
  mcpAppPermissionMicrophone: 'the microphone',
  mcpAppPermissionGeolocation: 'your location',
  mcpAppPermissionClipboard: 'writing to the clipboard',
  mcpAppOpenFullView: 'Open in full view',
  mcpAppCloseFullView: 'Close full view',
  mcpAppBound: 'The app sent too many messages in a row; write to the agent yourself to go on.',
  artifact: 'Artifact: {name}',
  artifactFrom: 'from {agent}',
  props: 'Properties',
  announceReply: 'The agent replied: {text}',
  announceDone: 'The agent finished.',
  announceApproval: 'The agent asks for approval: {text}',
  announceFailed: 'The run failed: {reason}',
  announceStopped: 'Stopped. The partial answer is kept.',
  announceCancelled: 'The agent cancelled the run.',
  ...ATTACHMENT_STRINGS,
  ...VOICE_STRINGS,
};
