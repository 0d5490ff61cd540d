// Every sentence <agent-inspector> shows or names, replaceable through its `strings` property and the language packs.
import type { PluralStrings } from '../../src/i18n/messages.js';

/** Every visible and accessible string of `<agent-inspector>`. */
export interface AgentInspectorStrings {
  /** The table's caption and the toolbar's title. */
  readonly title: string;
  /** The name of the events region while no event passes the filters. */
  readonly titleEmpty: string;
  /** Shown before the inspector finds a store (`<agent-run>`, `run="ID"` and `.store` stay as written). */
  readonly noStore: string;
  /** The status line: how many events the log holds. */
  readonly events: PluralStrings;
  /** After the count while a filter is set: how many of them pass it. */
  readonly shown: PluralStrings;
  /** After the count while paused. */
  readonly paused: string;
  /** After the count while paused, with events that arrived since. */
  readonly pausedNew: PluralStrings;
  /** The family filter's label. */
  readonly types: string;
  /** The family filter's first option. */
  readonly allTypes: string;
  /** The family filter's option for failed events. */
  readonly failures: string;
  /** The family filter's options, one per family of AG-UI events. */
  readonly familyLifecycle: string;
  readonly familyText: string;
  readonly familyTool: string;
  readonly familyState: string;
  readonly familyReasoning: string;
  readonly familyActivity: string;
  readonly familySubagent: string;
  readonly familyCustom: string;
  readonly familyOther: string;
  /** The text filter's label. */
  readonly filterEvents: string;
  readonly pause: string;
  readonly resume: string;
  readonly clear: string;
  readonly downloadRecording: string;
  /** A host's `.redact` threw while the recording was written. */
  readonly recordingFailed: string;
  /** The name of the detail panel. */
  readonly selectedEvent: string;
  /** The table's column headers. */
  readonly time: string;
  readonly type: string;
  readonly summary: string;
  readonly size: string;
  /** The badge of an event the store refused. */
  readonly failed: string;
  /** The badge of an MCP Apps request outside the conversation. */
  readonly sideRun: string;
  /** After an event's type: where it came from (a subagent's name). */
  readonly fromOrigin: string;
  /** The detail panel before a row is selected. */
  readonly selectHint: string;
  /** The detail panel's heading: the event's number in the log and its type. */
  readonly eventHeading: string;
  /** Under the heading: its run, time since the run began, and size. */
  readonly eventMeta: string;
  /** The name of the section holding the event's JSON. */
  readonly eventJson: string;
  /** That section's heading for an event, and for the input a run started with. */
  readonly event: string;
  readonly runInput: string;
  /** The section holding the event as the agent sent it, where the store normalised it. */
  readonly rawEvent: string;
  readonly rawEventHeading: string;
  /** The section holding the agent state right after the event. */
  readonly stateAfter: string;
  readonly unchanged: string;
  /** Before the list of changed paths. */
  readonly changed: string;
  /** The path of a change to the whole state. */
  readonly wholeState: string;
}

export const AGENT_INSPECTOR_STRINGS: AgentInspectorStrings = {
  title: 'AG-UI events',
  titleEmpty: 'AG-UI events (empty)',
  noStore:
    'No run store yet: put the inspector inside <agent-run>, name one with run="ID", or set .store.',
  events: { one: '{count} event', other: '{count} events' },
  shown: { one: '{count} shown', other: '{count} shown' },
  paused: 'paused',
  pausedNew: { one: 'paused, {count} new', other: 'paused, {count} new' },
  types: 'Types',
  allTypes: 'All types',
  failures: 'Failures',
  familyLifecycle: 'Run and step',
  familyText: 'Text messages',
  familyTool: 'Tool calls',
  familyState: 'State and messages',
  familyReasoning: 'Reasoning',
  familyActivity: 'Activity',
  familySubagent: 'Subagents',
  familyCustom: 'Raw and custom',
  familyOther: 'Other',
  filterEvents: 'Filter events',
  pause: 'Pause',
  resume: 'Resume',
  clear: 'Clear',
  downloadRecording: 'Download recording',
  recordingFailed: 'The recording could not be written: {reason}',
  selectedEvent: 'Selected event',
  time: 'Time',
  type: 'Type',
  summary: 'Summary',
  size: 'Size',
  failed: 'Failed',
  sideRun: 'Side run',
  fromOrigin: '(from {origin})',
  selectHint: 'Select an event to see its JSON and the agent state after it.',
  eventHeading: 'Event {number}: {type}',
  eventMeta: 'run {run} · {elapsed} · {size}',
  eventJson: 'Event JSON',
  event: 'Event',
  runInput: 'Run input',
  rawEvent: 'Raw event',
  rawEventHeading: 'Raw event (as the agent sent it)',
  stateAfter: 'Agent state after this event',
  unchanged: 'Unchanged by this event.',
  changed: 'Changed:',
  wholeState: '(whole state)',
};
