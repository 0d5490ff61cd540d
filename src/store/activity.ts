// The activity log's sentences: each entry keeps a code and its values, so a page can replace the words.

/** The default English sentence of each kind of entry; `{name}` placeholders are filled from the entry. */
export const ACTIVITY_TEXT = {
  runRequested: 'Run {run} requested: {kind}{scenario}',
  runStarted: 'Run {run} started streaming',
  runCompleted: 'Run {run} completed',
  runNeedsApproval: 'Run {run} needs approval',
  runCancelled: 'Run {run} cancelled ({cause})',
  runCancelledByAgent: 'Run {run} was cancelled by the agent',
  runFailed: 'Run {run} failed: {kind}: {reason}',
  snapshotAccepted: 'Snapshot accepted (run {run})',
  patchAccepted: 'Patch accepted (run {run})',
  approvalAsked: 'The agent asked for approval',
  approvalAnswered: 'Approval {verdict}: {what}',
  approvalExpired: 'Approval {id} expired at {time} and can no longer be answered',
  newThread: 'New thread started',
  uiRenderIgnored: 'Ignored a ui_render event without a component name',
  toolArgumentsInvalid: 'The arguments of {name} are not valid JSON.',
  stopFailed: 'The stop request for run {runId} failed: {reason}',
  answerFailed:
    'The answer to {id} could not be given (it stays open; answer again to retry): {reason}',
  restoreFailed: 'The saved conversation could not be restored: {reason}.',
  capabilitiesInvalid: 'The agent’s capabilities were not an object and were ignored',
  /** The channel outside runs (its sentences name what it dropped or why it stopped). */
  channelNote: '{text}',
  channelClientFailed: 'The channel client could not be loaded: {reason}',
  capabilitiesFailed: 'The agent’s capabilities could not be read (ignored): {reason}',
} as const;

export type ActivityCode = keyof typeof ACTIVITY_TEXT;

/** Replacement sentences for activity entries, by code (the `activityLog` strings of `<run-controls>`). */
export type ActivityStrings = Readonly<Record<ActivityCode, string>>;

export type ActivityParams = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders; unknown ones stay as written. */
export function fillActivity(template: string, params: ActivityParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** An entry's sentence in the page's words when it gave some for the entry's code, else the default. */
export function activitySentence(
  entry: { readonly text: string; readonly code?: string; readonly params?: ActivityParams },
  strings: Partial<ActivityStrings> | undefined,
): string {
  const template = entry.code ? strings?.[entry.code as ActivityCode] : undefined;
  return template ? fillActivity(template, entry.params ?? {}) : entry.text;
}
