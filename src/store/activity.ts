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

/**
 * The words the store fills into `{kind}`, `{cause}` and `{verdict}`, by value: why a run was requested, who
 * cancelled it, how an approval was answered, what kind of failure ended it. In English they are the values as the
 * store keeps them (so the stored sentence and the shown one agree); a language pack says them in words. They live in
 * the `activity` table of a pack, beside the sentences.
 */
export const ACTIVITY_WORDS = {
  kindScenario: 'scenario',
  kindChat: 'chat',
  kindRecover: 'recover',
  kindFollowUp: 'follow-up',
  kindResume: 'resume',
  kindRetry: 'retry',
  kindRegenerate: 'regenerate',
  kindReattach: 'reattach',
  kindA2uiAction: 'a2ui-action',
  causeUser: 'user',
  causeAgent: 'agent',
  causeDisposed: 'disposed',
  causeReset: 'reset',
  causePageClosed: 'page-closed',
  verdictApproved: 'approved',
  verdictDenied: 'denied',
  verdictCancelled: 'cancelled',
  failureProtocol: 'Protocol',
  failureTransport: 'Transport',
  failureAgent: 'Agent',
} as const;

export type ActivityWords = Readonly<Record<keyof typeof ACTIVITY_WORDS, string>>;

/** The `activity` table of a language: the sentences and the words they are filled with. */
export const ACTIVITY_TABLE: ActivityStrings & ActivityWords = {
  ...ACTIVITY_TEXT,
  ...ACTIVITY_WORDS,
};

/** `page-closed` -> `PageClosed`, `a2ui-action` -> `A2uiAction`. */
function wordSuffix(value: string): string {
  return value
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The word-table key of a value the store filled in, or null when the value is not one the store names. */
function wordKey(code: string, param: string, value: string | number): string | null {
  if (typeof value !== 'string') return null;
  const prefix =
    param === 'cause'
      ? 'cause'
      : param === 'verdict'
        ? 'verdict'
        : param === 'kind'
          ? code === 'runFailed'
            ? 'failure'
            : 'kind'
          : null;
  return prefix ? prefix + wordSuffix(value) : null;
}

/** The failure a `runFailed` entry carries beside its English reason (its code and values, `failure.<name>`). */
export function failureParams(failure: {
  readonly code?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}): ActivityParams {
  if (!failure.code) return {};
  const params: Record<string, string | number> = { failureCode: failure.code };
  for (const [name, value] of Object.entries(failure.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[`failure.${name}`] = value;
  }
  return params;
}

/** Replacement sentences for activity entries, by code (the `activityLog` strings of `<run-controls>`). */
export type ActivityStrings = Readonly<Record<ActivityCode, string>>;

export type ActivityParams = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders; unknown ones stay as written. */
export function fillActivity(template: string, params: ActivityParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * An entry's sentence in the page's words when it gave some for the entry's code, else the default. The kinds,
 * causes and verdicts the store filled in are said in the table's words where it has them (a language's whole
 * `activity` table does), and `failureReason` says a failed run's reason from its code and values in that language.
 */
export function activitySentence(
  entry: { readonly text: string; readonly code?: string; readonly params?: ActivityParams },
  strings: Partial<ActivityStrings & ActivityWords> | undefined,
  failureReason?: (code: string, params: ActivityParams) => string | null,
): string {
  const code = entry.code;
  const template = code ? strings?.[code as ActivityCode] : undefined;
  if (!template || !code) return entry.text;
  const params: Record<string, string | number> = { ...entry.params };
  for (const [name, value] of Object.entries(params)) {
    const key = wordKey(code, name, value);
    const word = key ? (strings as Record<string, string | undefined>)[key] : undefined;
    if (word !== undefined) params[name] = word;
  }
  const failureCode = params.failureCode;
  if (code === 'runFailed' && typeof failureCode === 'string' && failureReason) {
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(params)) {
      if (name.startsWith('failure.')) values[name.slice('failure.'.length)] = value;
    }
    params.reason = failureReason(failureCode, values) ?? params.reason ?? '';
  }
  return fillActivity(template, params);
}
