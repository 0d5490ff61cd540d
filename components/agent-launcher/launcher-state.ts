// What a launcher with `persist` keeps for the tab: whether its panel was open and its greeting dismissed.

/** The record at `sessionStorage['agui-elements.launcher.<persist-key>']`. */
export interface LauncherRecord {
  readonly open: boolean;
  readonly greetingDismissed: boolean;
}

const PREFIX = 'agui-elements.launcher.';

/** The saved record, or null when there is none (untrusted: anything but `true` reads as false). */
export function readLauncherRecord(key: string): LauncherRecord | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PREFIX + key) ?? 'null') as Partial<
      Record<keyof LauncherRecord, unknown>
    > | null;
    return (
      value && { open: value.open === true, greetingDismissed: value.greetingDismissed === true }
    );
  } catch {
    // Not JSON, or a sandboxed frame without storage: nothing was saved that can be read.
    return null;
  }
}

/** Saves the record; a full or refused storage only loses the launcher's own state, so it is not an error. */
export function writeLauncherRecord(key: string, record: LauncherRecord): void {
  try {
    sessionStorage.setItem(
      PREFIX + key,
      JSON.stringify({ open: record.open, greetingDismissed: record.greetingDismissed }),
    );
  } catch {
    // QuotaExceededError or SecurityError: the next page shows the launcher closed, nothing else is lost.
  }
}
