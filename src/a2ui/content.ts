// What an `a2ui-surface` activity holds, read without the renderer: the middleware's lifecycle states (building,
// retrying, failed) or the painted A2UI v0.9 operations, and the bounds a painted surface must keep. The store
// checks the bounds as the snapshot arrives; the chat shows the states in words before any renderer loads.

export { A2UI_ACTIVITY_TYPE } from './activity-type.js';

/** The key of the painted operations in an activity's content. */
export const A2UI_OPERATIONS_KEY = 'a2ui_operations';

/** A surface's operations are at most 256 KiB (as JSON) … */
export const A2UI_MAX_BYTES = 256 * 1024;

/** … and create at most 1,000 components. */
export const A2UI_MAX_COMPONENTS = 1000;

/** How much retry detail to show (the middleware's `recovery.debugExposure`; default `collapsed`). */
export type A2uiDebugExposure = 'hidden' | 'collapsed' | 'verbose';

/** One A2UI v0.9 operation, as sent: `{version, createSurface | updateComponents | updateDataModel | deleteSurface}`. */
export type A2uiOperation = Readonly<Record<string, unknown>>;

/** An activity's content, read. */
export type A2uiContent =
  | { readonly kind: 'building'; readonly progressTokens: number | null }
  | {
      readonly kind: 'retrying';
      readonly attempt: number;
      readonly maxAttempts: number;
      readonly errors: readonly string[];
      readonly debugExposure: A2uiDebugExposure;
    }
  | {
      readonly kind: 'failed';
      readonly error: string;
      readonly attempts: number;
      readonly debugExposure: A2uiDebugExposure;
    }
  | { readonly kind: 'painted'; readonly operations: readonly A2uiOperation[] }
  /** A2UI v0.8 (`beginRendering`, `surfaceUpdate`, `dataModelUpdate`): named, never rendered. */
  | { readonly kind: 'legacy' }
  | { readonly kind: 'invalid'; readonly reason: string };

const OPERATION_KEYS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'];
const LEGACY_KEYS = ['beginRendering', 'surfaceUpdate', 'dataModelUpdate'];

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const exposure = (value: unknown): A2uiDebugExposure =>
  value === 'hidden' || value === 'verbose' ? value : 'collapsed';

const count = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : fallback;

/** A retry's errors as short sentences (the middleware sends strings or `{message}` objects). */
function errorTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((error: unknown) => {
      if (typeof error === 'string') return error;
      if (isObject(error) && typeof error.message === 'string') {
        return typeof error.path === 'string' ? `${error.path}: ${error.message}` : error.message;
      }
      return JSON.stringify(error) ?? '';
    })
    .filter((text) => text !== '')
    .slice(0, 20);
}

/** Reads an `a2ui-surface` activity's content. */
export function readA2uiContent(content: unknown): A2uiContent {
  if (!isObject(content)) return { kind: 'invalid', reason: 'The surface is not an object.' };
  const operations = content[A2UI_OPERATIONS_KEY];
  if (operations !== undefined) {
    if (!Array.isArray(operations)) {
      return { kind: 'invalid', reason: `${A2UI_OPERATIONS_KEY} is not a list.` };
    }
    const list = operations.filter(isObject);
    if (list.some((operation) => LEGACY_KEYS.some((key) => key in operation))) {
      return { kind: 'legacy' };
    }
    const unknown = list.find((operation) => !OPERATION_KEYS.some((key) => key in operation));
    if (list.length !== operations.length || unknown) {
      return { kind: 'invalid', reason: 'An operation is not one of A2UI v0.9’s four.' };
    }
    const versions = new Set(list.map((operation) => operation.version));
    if (list.length > 0 && (versions.size !== 1 || !versions.has('v0.9'))) {
      return [...versions].some((version) => version === 'v0.8' || version === '0.8')
        ? { kind: 'legacy' }
        : { kind: 'invalid', reason: 'Every operation must say "version": "v0.9".' };
    }
    return { kind: 'painted', operations: list };
  }
  switch (content.status) {
    case 'building':
      return {
        kind: 'building',
        progressTokens:
          typeof content.progressTokens === 'number' ? count(content.progressTokens, 0) : null,
      };
    case 'retrying':
      return {
        kind: 'retrying',
        attempt: count(content.attempt, 1),
        maxAttempts: count(content.maxAttempts, count(content.attempt, 1)),
        errors: errorTexts(content.errors),
        debugExposure: exposure(content.debugExposure),
      };
    case 'failed':
      return {
        kind: 'failed',
        error:
          typeof content.error === 'string' ? content.error : 'The surface could not be built.',
        attempts: Array.isArray(content.attempts)
          ? content.attempts.length
          : count(content.attempts, 0),
        debugExposure: exposure(content.debugExposure),
      };
    default:
      return { kind: 'invalid', reason: 'The surface has neither a status nor operations.' };
  }
}

/** Why a painted surface is refused (over 256 KiB or 1,000 components), or null when it keeps the bounds. */
export function a2uiBoundsProblem(operations: readonly A2uiOperation[]): string | null {
  let bytes = 0;
  try {
    bytes = new TextEncoder().encode(JSON.stringify(operations)).length;
  } catch {
    return 'The surface cannot be read as JSON.';
  }
  if (bytes > A2UI_MAX_BYTES) {
    return `The surface is ${Math.ceil(bytes / 1024)} KiB of operations; at most ${A2UI_MAX_BYTES / 1024} KiB are shown.`;
  }
  const ids = new Set<string>();
  for (const operation of operations) {
    const update = operation.updateComponents;
    if (!isObject(update) || !Array.isArray(update.components)) continue;
    for (const component of update.components) {
      if (isObject(component)) ids.add(String(component.id));
    }
  }
  if (ids.size > A2UI_MAX_COMPONENTS) {
    return `The surface has ${ids.size} components; at most ${A2UI_MAX_COMPONENTS} are shown.`;
  }
  return null;
}

/** A surface's title for lists: its first heading Text (a literal, not a binding), else null. */
export function surfaceTitle(operations: readonly A2uiOperation[]): string | null {
  for (const operation of operations) {
    const update = operation.updateComponents;
    if (!isObject(update) || !Array.isArray(update.components)) continue;
    for (const component of update.components) {
      if (
        isObject(component) &&
        component.component === 'Text' &&
        typeof component.variant === 'string' &&
        /^h[1-5]$/.test(component.variant) &&
        typeof component.text === 'string' &&
        component.text.trim()
      ) {
        return component.text.trim();
      }
    }
  }
  return null;
}

/** One painted surface of the transcript, as `<agent-artifacts>` lists it (source `a2ui`). */
export interface A2uiSurfaceEntry {
  readonly messageId: string;
  readonly surfaceId: string;
  readonly title: string;
  readonly run: number;
}

const entriesCache = new WeakMap<readonly unknown[], readonly A2uiSurfaceEntry[]>();

/** The painted surfaces a transcript holds, in order (one list per messages array). */
export function a2uiSurfaceEntries(
  messages: readonly {
    readonly id: string;
    readonly role: string;
    readonly run: number;
    readonly activityType?: string;
    readonly activityContent?: unknown;
  }[],
): readonly A2uiSurfaceEntry[] {
  const cached = entriesCache.get(messages);
  if (cached) return cached;
  const entries: A2uiSurfaceEntry[] = [];
  for (const message of messages) {
    if (message.role !== 'activity' || message.activityType !== 'a2ui-surface') continue;
    const content = readA2uiContent(message.activityContent);
    if (content.kind !== 'painted') continue;
    const created = content.operations
      .map((operation) => operation.createSurface)
      .filter(isObject)
      .map((body) => String(body.surfaceId));
    for (const surfaceId of created) {
      entries.push({
        messageId: message.id,
        surfaceId,
        title: surfaceTitle(content.operations) ?? surfaceId,
        run: message.run,
      });
    }
  }
  entriesCache.set(messages, entries);
  return entries;
}
