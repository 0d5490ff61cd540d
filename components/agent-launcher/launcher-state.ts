// What a launcher with `persist` keeps for the tab: whether its panel was open and its greeting dismissed.

/** The record at `sessionStorage['agui-elements.launcher.<persist-key>']`. */
export interface LauncherRecord {
  readonly open: boolean;
  readonly greetingDismissed: boolean;
}

export const LAUNCHER_STORAGE_PREFIX = 'agui-elements.launcher.';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // A sandboxed frame without storage access throws on the getter.
    return null;
  }
}

/** The saved record, or null when there is none (or it is not one of ours: untrusted, so checked). */
export function readLauncherRecord(key: string): LauncherRecord | null {
  try {
    const raw = storage()?.getItem(LAUNCHER_STORAGE_PREFIX + key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { open, greetingDismissed } = value as Record<string, unknown>;
    return { open: open === true, greetingDismissed: greetingDismissed === true };
  } catch {
    return null;
  }
}

/** Saves the record; a full or refused storage only loses the launcher's own state, so it is not an error. */
export function writeLauncherRecord(key: string, record: LauncherRecord): void {
  try {
    storage()?.setItem(
      LAUNCHER_STORAGE_PREFIX + key,
      JSON.stringify({ open: record.open, greetingDismissed: record.greetingDismissed }),
    );
  } catch {
    // QuotaExceededError or SecurityError: the next page shows the launcher closed, nothing else is lost.
  }
}
