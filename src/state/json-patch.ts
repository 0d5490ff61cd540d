/** Applies untrusted RFC 6902 JSON Patch operations to any state: validated, atomic, copying only along the patched paths. */
import type { ZodType } from 'zod/v4';

/** The outcome of a delta: the patched value, or a reason a person can read. Nothing is thrown. */
export type PatchResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Validator: returns null when the candidate is valid, else a human-readable reason. */
export type StateValidator = (candidate: unknown, previous: unknown) => string | null;

type Container = unknown[] | Record<string, unknown>;
type OperationName = 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';

/** One operation, its fields read once (a getter cannot show the checks one path and the patcher another). */
interface Operation {
  readonly op: OperationName;
  readonly path: string;
  readonly segments: readonly string[];
  readonly from: string;
  readonly fromSegments: readonly string[];
  readonly value: unknown;
}

const OPERATION_NAMES: readonly OperationName[] = [
  'add',
  'remove',
  'replace',
  'move',
  'copy',
  'test',
];
// A set of the six names only: an inherited name such as "constructor" is never one of them.
const OPERATIONS = new Set<unknown>(OPERATION_NAMES);
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
// RFC 6901: an array index is "0" or digits without a leading zero.
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;
const SHOWN_POINTER_LENGTH = 120;
/** What a pointer that resolves to nothing resolves to. */
const MISSING = Symbol('missing');

/**
 * Applies `operations` to `document` whole or not at all. The document is never mutated: containers along each
 * patched path are shallow-copied once per patch, everything else keeps its identity. With `validate`, every ok
 * result has passed it, an empty patch's too.
 */
export function applyStateDelta<T>(
  document: T,
  operations: unknown,
  validate?: StateValidator,
): PatchResult<T> {
  let patched: unknown;
  try {
    const checked = checkOperations(operations);
    if (typeof checked === 'string') return failure(checked);
    patched = document;
    // What this patch copied (and may change in place); a lone operation other than move copies each container once.
    const only = checked.length === 1 ? checked[0] : undefined;
    const copied = only && only.op !== 'move' ? null : new Set<object>();
    for (let index = 0; index < checked.length; index += 1) {
      const operation = checked[index] as Operation;
      const outcome = applyOne(patched, operation, copied);
      if (!outcome.ok) {
        return failure(
          `Patch operation ${index + 1} (${describeOperation(operation)}) failed: ${outcome.error}`,
        );
      }
      patched = outcome.value;
    }
  } catch (error) {
    return failure(`The patch could not be applied: ${describeError(error)}`);
  }
  if (validate) {
    try {
      const reason = validate(patched, document);
      if (reason !== null)
        return failure(reason || 'the state validator rejected the patched state');
    } catch (error) {
      return failure(`The state could not be validated: ${describeError(error)}`);
    }
  }
  return { ok: true, value: patched as T };
}

/** Turns a zod/v4 schema into a StateValidator whose reason names the path and the problem, e.g. "services.0.latency: Too small: expected number to be >=0". */
export function validatorFromSchema(schema: ZodType): StateValidator {
  return (candidate) => {
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return null;
    const shown = parsed.error.issues.slice(0, 3).map((issue) => {
      const path = issue.path.map((key) => String(key)).join('.');
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    });
    const more = parsed.error.issues.length - shown.length;
    return more > 0 ? `${shown.join('; ')} (and ${more} more)` : shown.join('; ');
  };
}

function failure(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** Checks the shape of every operation before anything is applied. */
function checkOperations(operations: unknown): Operation[] | string {
  if (!Array.isArray(operations)) {
    return `A patch must be an array of operations, not ${describeType(operations)}.`;
  }
  const checked: Operation[] = [];
  for (let index = 0; index < operations.length; index++) {
    const operation = readOperation(operations[index]);
    if (typeof operation === 'string') {
      return `Patch operation ${index + 1} is not valid: ${operation}`;
    }
    const forbidden =
      operation.segments.find((segment) => FORBIDDEN_SEGMENTS.has(segment)) ??
      operation.fromSegments.find((segment) => FORBIDDEN_SEGMENTS.has(segment));
    if (forbidden !== undefined) {
      return `Patch operation ${index + 1} (${describeOperation(operation)}) is not allowed: a path through "${forbidden}" could reach an object prototype`;
    }
    checked.push(operation);
  }
  return checked;
}

/** One operation or what is wrong with its shape, checked in RFC order: op, path, from, value. */
function readOperation(raw: unknown): Operation | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return `expected an object with "op" and "path", got ${describeType(raw)}`;
  }
  const fields = raw as Record<string, unknown>;
  const op = fields.op;
  if (!OPERATIONS.has(op)) {
    return `"op" must be one of ${OPERATION_NAMES.join(', ')}`;
  }
  const name = op as OperationName;
  const path = fields.path;
  if (!isPointer(path)) return '"path" must be a string that is "" or starts with "/"';
  let from = '';
  if (name === 'move' || name === 'copy') {
    const given = fields.from;
    if (typeof given !== 'string') return '"from" must be a string (move and copy need it)';
    if (!isPointer(given)) return '"from" must be "" or start with "/"';
    from = given;
  }
  let value: unknown;
  if (name === 'add' || name === 'replace' || name === 'test') {
    value = fields.value;
    if (value === undefined) return '"value" is missing (add, replace and test need it)';
    try {
      if (holdsUndefined(value)) return '"value" contains undefined, which JSON cannot hold';
    } catch (error) {
      // A cyclic value overflows the stack here, before it can reach the state.
      return `it could not be checked (${describeError(error)})`;
    }
  }
  const fromSegments = name === 'move' || name === 'copy' ? segmentsOf(from) : [];
  return { op: name, path, segments: segmentsOf(path), from, fromSegments, value };
}

function holdsUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null) return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  for (let index = 0; index < items.length; index += 1) {
    if (holdsUndefined(items[index])) return true;
  }
  return false;
}

/** Applies one checked operation to copies of the containers it changes. */
function applyOne(
  document: unknown,
  operation: Operation,
  copied: Set<object> | null,
): PatchResult<unknown> {
  const { op, segments, fromSegments } = operation;
  let source: unknown;
  if (op === 'move' || op === 'copy') {
    source = resolve(document, fromSegments, fromSegments.length);
    if (source === MISSING) return failure('"from" does not exist');
    if (op === 'move' && isProperPrefix(fromSegments, segments)) {
      return failure('a value cannot be moved into itself');
    }
  }
  if (segments.length === 0) return applyToRoot(document, operation, source);
  const last = segments[segments.length - 1] as string;
  const parent = resolve(document, segments, segments.length - 1);
  if (op === 'remove' || op === 'replace' || op === 'test') {
    if (parent === MISSING || !isContainer(parent) || !has(parent, last)) {
      return failure('path does not exist');
    }
    if (op === 'test') {
      return isEqual(child(parent, last), operation.value)
        ? { ok: true, value: document }
        : failure('the value at the path is not the one the test expects');
    }
  } else {
    if (parent === MISSING) return failure('the parent of the path does not exist');
    if (!isContainer(parent)) return failure('the parent of the path is not an object or array');
    if (
      Array.isArray(parent) &&
      last !== '-' &&
      !(ARRAY_INDEX.test(last) && Number(last) <= parent.length)
    ) {
      return failure(
        `"${shorten(last)}" is not a valid array index (use 0 to ${parent.length}, or "-" to append)`,
      );
    }
  }
  try {
    return mutate(document, operation, source, copied);
  } catch (error) {
    return failure(describeError(error));
  }
}

/** An operation on path "": the value becomes the whole state (a remove leaves null, as fast-json-patch does). */
function applyToRoot(
  document: unknown,
  operation: Operation,
  source: unknown,
): PatchResult<unknown> {
  switch (operation.op) {
    case 'add':
    case 'replace':
      return { ok: true, value: operation.value };
    case 'move':
    case 'copy':
      return { ok: true, value: source };
    case 'remove':
      return { ok: true, value: null };
    case 'test':
      return isEqual(document, operation.value)
        ? { ok: true, value: document }
        : failure('the value at the path is not the one the test expects');
  }
}

/** The change itself, once the checks passed: on containers copied along the path. */
function mutate(
  document: unknown,
  operation: Operation,
  source: unknown,
  copied: Set<object> | null,
): PatchResult<unknown> {
  const { op, segments } = operation;
  const last = segments[segments.length - 1] as string;
  if (op === 'move') {
    // RFC 6902: remove, then add at `path` as it reads once the value is gone (later array items shift).
    const [root, from] = copyAlong(document, operation.fromSegments, copied);
    remove(from, operation.fromSegments[operation.fromSegments.length - 1] as string);
    const target = resolve(root, segments, segments.length - 1);
    if (target === MISSING || !isContainer(target)) {
      return failure('the path does not exist once the value is removed from "from"');
    }
    const [moved, parent] = copyAlong(root, segments, copied);
    insert(parent, last, source);
    return { ok: true, value: moved };
  }
  const [root, parent] = copyAlong(document, segments, copied);
  if (op === 'remove') remove(parent, last);
  else if (op === 'replace') {
    if (Array.isArray(parent)) parent[Number(last)] = operation.value;
    else parent[last] = operation.value;
  } else {
    // A copy is by value, so later operations on it leave the source alone.
    insert(parent, last, op === 'copy' ? cloneJson(source) : operation.value);
  }
  return { ok: true, value: root };
}

/** Adds at `key` as fast-json-patch does: "-" appends, digits insert (past the end: at the end), else a member. */
function insert(parent: Container, key: string, value: unknown): void {
  if (!Array.isArray(parent)) parent[key] = value;
  else if (key === '-') parent.push(value);
  else if (/^[0-9]*$/.test(key)) parent.splice(Number(key), 0, value);
  else (parent as unknown as Record<string, unknown>)[key] = value;
}

function remove(parent: Container, key: string): void {
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
}

function cloneJson(value: unknown): unknown {
  if (value === undefined) return null;
  return typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as unknown) : value;
}

/**
 * Shallow-copies the root and every container on the way to the parent of `segments`' target, each at most once
 * per patch; returns the new root and that parent (its copy). The way there was checked to exist.
 */
function copyAlong(
  root: unknown,
  segments: readonly string[],
  copied: Set<object> | null,
): [unknown, Container] {
  const top = copyOnce(root as Container, copied);
  let container = top;
  for (let index = 0; index < segments.length - 1; index += 1) {
    const key = segments[index] as string;
    const original = child(container, key) as Container;
    const copy = copyOnce(original, copied);
    if (copy !== original) {
      if (Array.isArray(container)) container[Number(key)] = copy;
      else container[key] = copy;
    }
    container = copy;
  }
  return [top, container];
}

function copyOnce(container: Container, copied: Set<object> | null): Container {
  if (copied?.has(container)) return container;
  // Spread defines properties, so an own "__proto__" key stays a key instead of setting the prototype.
  const copy = Array.isArray(container) ? container.slice() : { ...container };
  copied?.add(copy);
  return copy;
}

/** The value at the first `depth` segments, or MISSING: own members and canonical in-range indices only. */
function resolve(root: unknown, segments: readonly string[], depth: number): unknown {
  let current = root;
  for (let index = 0; index < depth; index += 1) {
    const key = segments[index] as string;
    if (!isContainer(current) || !has(current, key)) return MISSING;
    current = child(current, key);
  }
  return current;
}

/** An own property or an in-range canonical array index; inherited names such as "toString" do not count. */
function has(container: Container, key: string): boolean {
  return Array.isArray(container)
    ? ARRAY_INDEX.test(key) && Number(key) < container.length
    : Object.hasOwn(container, key);
}

function child(container: Container, key: string): unknown {
  return Array.isArray(container) ? container[Number(key)] : container[key];
}

/** Deep equality of JSON values (what a test operation compares), as fast-json-patch's. */
function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isEqual(item, b[index]));
  }
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(b, key) &&
        isEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function isPointer(value: unknown): value is string {
  return typeof value === 'string' && (value === '' || value.startsWith('/'));
}

/** Pointers already parsed: a stream of deltas names the same few paths again and again. */
const parsedPointers = new Map<string, readonly string[]>();

function segmentsOf(pointer: string): readonly string[] {
  let segments = parsedPointers.get(pointer);
  if (segments !== undefined) return segments;
  segments = pointer === '' ? [] : pointer.slice(1).split('/');
  if (pointer.includes('~')) {
    segments = segments.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  // Bounded: a few hundred short pointers.
  if (pointer.length <= 200) {
    if (parsedPointers.size >= 500) parsedPointers.clear();
    parsedPointers.set(pointer, segments);
  }
  return segments;
}

function isProperPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length < path.length && prefix.every((segment, i) => segment === path[i]);
}

function describeOperation(operation: Operation): string {
  const described = `${operation.op} ${showPointer(operation.path)}`;
  return operation.op === 'move' || operation.op === 'copy'
    ? `${described} from ${showPointer(operation.from)}`
    : described;
}

function showPointer(pointer: string): string {
  return pointer === '' ? 'the whole state' : shorten(pointer);
}

function shorten(text: string): string {
  return text.length > SHOWN_POINTER_LENGTH ? `${text.slice(0, SHOWN_POINTER_LENGTH)}…` : text;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
