/** Applies untrusted RFC 6902 JSON Patch operations to any state: validated, atomic, copying only along the patched paths. */
import { applyOperation, JsonPatchError, unescapePathComponent, validator } from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import type { ZodType } from 'zod/v4';

/** The outcome of a delta: the patched value, or a reason a person can read. Nothing is thrown. */
export type PatchResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Validator: returns null when the candidate is valid, else a human-readable reason. */
export type StateValidator = (candidate: unknown, previous: unknown) => string | null;

type Container = unknown[] | Record<string, unknown>;
type PatchOperation = Exclude<Operation, { op: '_get' }>;
type OperationName = PatchOperation['op'];
type OperationSnapshot = { op: OperationName; path: unknown; from?: unknown; value?: unknown };
type Located = { found: true; value: unknown } | { found: false };

const OPERATION_NAMES: readonly OperationName[] = [
  'add',
  'remove',
  'replace',
  'move',
  'copy',
  'test',
];
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
// RFC 6901: an array index is "0" or digits without a leading zero.
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;
const SHOWN_POINTER_LENGTH = 120;

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
    const copied = new Set<object>();
    for (const [index, operation] of checked.entries()) {
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

/** Checks the shape of every operation before anything is applied, and snapshots each one into a plain object. */
function checkOperations(operations: unknown): PatchOperation[] | string {
  if (!Array.isArray(operations)) {
    return `A patch must be an array of operations, not ${describeType(operations)}.`;
  }
  const checked: PatchOperation[] = [];
  for (let index = 0; index < operations.length; index++) {
    const operation = snapshotOperation(operations[index]);
    const problem = typeof operation === 'string' ? operation : shapeProblem(operation, index);
    if (problem !== null) return `Patch operation ${index + 1} is not valid: ${problem}`;
    // The shape is checked now, so the snapshot is one of the six RFC operations.
    const valid = operation as unknown as PatchOperation;
    const forbidden = forbiddenSegment(valid);
    if (forbidden !== undefined) {
      return `Patch operation ${index + 1} (${describeOperation(valid)}) is not allowed: a path through "${forbidden}" could reach an object prototype`;
    }
    checked.push(valid);
  }
  return checked;
}

/** Reads each field once, so a getter cannot show the checks one path and the patcher another. */
function snapshotOperation(raw: unknown): OperationSnapshot | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return `expected an object with "op" and "path", got ${describeType(raw)}`;
  }
  const fields = raw as Record<string, unknown>;
  const op = fields.op;
  if (!isOperationName(op)) {
    // fast-json-patch accepts any key of its own operation table, including "_get" and inherited "constructor".
    return `"op" must be one of ${OPERATION_NAMES.join(', ')}`;
  }
  const snapshot: OperationSnapshot = { op, path: fields.path };
  if (op === 'move' || op === 'copy') snapshot.from = fields.from;
  if (op === 'add' || op === 'replace' || op === 'test') snapshot.value = fields.value;
  return snapshot;
}

function shapeProblem(operation: OperationSnapshot, index: number): string | null {
  try {
    // fast-json-patch's validator takes any value and throws a named error for what it rejects.
    validator(operation as unknown as Operation, index);
  } catch (error) {
    return error instanceof JsonPatchError
      ? shapeReason(error)
      : `it could not be checked (${describeError(error)})`;
  }
  // fast-json-patch checks only that `from` is a string; a pointer without a leading "/" reads odd keys.
  if ((operation.op === 'move' || operation.op === 'copy') && !isPointer(operation.from)) {
    return '"from" must be "" or start with "/"';
  }
  return null;
}

function shapeReason(error: JsonPatchError): string {
  switch (error.name) {
    case 'OPERATION_PATH_INVALID':
      return '"path" must be a string that is "" or starts with "/"';
    case 'OPERATION_FROM_REQUIRED':
      return '"from" must be a string (move and copy need it)';
    case 'OPERATION_VALUE_REQUIRED':
      return '"value" is missing (add, replace and test need it)';
    case 'OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED':
      return '"value" contains undefined, which JSON cannot hold';
    default:
      return error.name;
  }
}

function forbiddenSegment(operation: PatchOperation): string | undefined {
  const pointers =
    operation.op === 'move' || operation.op === 'copy'
      ? [operation.path, operation.from]
      : [operation.path];
  for (const pointer of pointers) {
    const found = segmentsOf(pointer).find((segment) => FORBIDDEN_SEGMENTS.has(segment));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Applies one checked operation on a copy of the containers it will change. */
function applyOne(
  document: unknown,
  operation: PatchOperation,
  copied: Set<object>,
): PatchResult<unknown> {
  const problem = targetProblem(document, operation);
  if (problem !== null) return failure(problem);

  const path = segmentsOf(operation.path);
  let working = document;
  if (path.length > 0 && operation.op !== 'test') {
    if (operation.op === 'move') {
      const from = segmentsOf(operation.from);
      working = copyAlong(working, from.slice(0, -1), copied);
      const target = pathAfterRemoval(working, from, path);
      if (target === undefined) {
        return failure('the path does not exist once the value is removed from "from"');
      }
      working = copyAlong(working, target.slice(0, -1), copied);
    } else {
      working = copyAlong(working, path.slice(0, -1), copied);
    }
  }

  try {
    // Validation stays on; only the `from` check of move/copy is ours, because fast-json-patch deep-clones the
    // whole document for every move and copy (and accepts inherited names and array "length").
    const result = applyOperation(working, operation, validateWithoutCloning, true, true);
    return { ok: true, value: result.newDocument };
  } catch (error) {
    return failure(error instanceof JsonPatchError ? applyReason(error) : describeError(error));
  }
}

function validateWithoutCloning(
  operation: Operation,
  index: number,
  document: unknown,
  existingPathFragment: string,
): void {
  if (operation.op === 'move' || operation.op === 'copy') validator(operation, index);
  else validator(operation, index, document, existingPathFragment);
}

function applyReason(error: JsonPatchError): string {
  switch (error.name) {
    case 'TEST_OPERATION_FAILED':
      return 'the value at the path is not the one the test expects';
    case 'OPERATION_PATH_UNRESOLVABLE':
    case 'OPERATION_PATH_CANNOT_ADD':
      return 'the path does not exist';
    case 'OPERATION_FROM_UNRESOLVABLE':
      return '"from" does not exist';
    case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
      return 'an array index must be a non-negative integer';
    case 'OPERATION_VALUE_OUT_OF_BOUNDS':
      return 'the array index is past the end of the array';
    default:
      return error.name;
  }
}

/** RFC 6901/6902 checks on the current document, stricter than fast-json-patch where it is lax. */
function targetProblem(document: unknown, operation: PatchOperation): string | null {
  const path = segmentsOf(operation.path);
  if (operation.op === 'move' || operation.op === 'copy') {
    const from = segmentsOf(operation.from);
    if (!locate(document, from).found) return '"from" does not exist';
    if (operation.op === 'move' && isProperPrefix(from, path)) {
      return 'a value cannot be moved into itself';
    }
  }
  if (path.length === 0) return null;

  const parent = locate(document, path.slice(0, -1));
  if (operation.op === 'remove' || operation.op === 'replace' || operation.op === 'test') {
    return parent.found &&
      isContainer(parent.value) &&
      lookup(parent.value, path[path.length - 1]) !== undefined
      ? null
      : 'path does not exist';
  }
  if (!parent.found) return 'the parent of the path does not exist';
  if (!isContainer(parent.value)) return 'the parent of the path is not an object or array';
  const last = path[path.length - 1];
  if (
    Array.isArray(parent.value) &&
    last !== '-' &&
    !(ARRAY_INDEX.test(last) && Number(last) <= parent.value.length)
  ) {
    return `"${shorten(last)}" is not a valid array index (use 0 to ${parent.value.length}, or "-" to append)`;
  }
  return null;
}

/**
 * Where `path` points once `from` is removed (fast-json-patch's move is remove-then-add): removing item i of an
 * array shifts the items after it, so a path through item j > i of that array then reaches what is now item j + 1.
 */
function pathAfterRemoval(document: unknown, from: string[], path: string[]): string[] | undefined {
  const depth = from.length - 1;
  if (
    depth < 0 ||
    path.length <= depth + 1 ||
    !from.slice(0, depth).every((segment, i) => segment === path[i])
  ) {
    return path;
  }
  const parent = locate(document, from.slice(0, depth));
  if (!parent.found || !Array.isArray(parent.value) || !ARRAY_INDEX.test(path[depth])) return path;
  const removed = Number(from[depth]);
  const through = Number(path[depth]);
  if (through <= removed) return path;
  const shifted = [...path.slice(0, depth), String(through + 1), ...path.slice(depth + 1)];
  const parentOfTarget = locate(document, shifted.slice(0, -1));
  return parentOfTarget.found && isContainer(parentOfTarget.value) ? shifted : undefined;
}

/** Shallow-copies the root and every container along `segments`, each at most once per patch. */
function copyAlong(root: unknown, segments: readonly string[], copied: Set<object>): unknown {
  if (!isContainer(root)) return root;
  const top = copyOnce(root, copied);
  let container = top;
  for (const segment of segments) {
    const child = lookup(container, segment);
    if (child === undefined || !isContainer(child.value)) break;
    const copy = copyOnce(child.value, copied);
    if (Array.isArray(container)) container[child.key as number] = copy;
    else container[child.key as string] = copy;
    container = copy;
  }
  return top;
}

function copyOnce(container: Container, copied: Set<object>): Container {
  if (copied.has(container)) return container;
  // Spread defines properties, so an own "__proto__" key stays a key instead of setting the prototype.
  const copy = Array.isArray(container) ? container.slice() : { ...container };
  copied.add(copy);
  return copy;
}

function locate(root: unknown, segments: readonly string[]): Located {
  let current = root;
  for (const segment of segments) {
    if (!isContainer(current)) return { found: false };
    const child = lookup(current, segment);
    if (child === undefined) return { found: false };
    current = child.value;
  }
  return { found: true, value: current };
}

/** An own property or an in-range canonical array index; inherited names such as "toString" do not count. */
function lookup(
  container: Container,
  segment: string,
): { key: number | string; value: unknown } | undefined {
  if (Array.isArray(container)) {
    if (!ARRAY_INDEX.test(segment)) return undefined;
    const index = Number(segment);
    return index < container.length ? { key: index, value: container[index] } : undefined;
  }
  return Object.hasOwn(container, segment)
    ? { key: segment, value: container[segment] }
    : undefined;
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function isOperationName(value: unknown): value is OperationName {
  return OPERATION_NAMES.some((name) => name === value);
}

function isPointer(value: unknown): value is string {
  return typeof value === 'string' && (value === '' || value.startsWith('/'));
}

function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map(unescapePathComponent);
}

function isProperPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length < path.length && prefix.every((segment, i) => segment === path[i]);
}

function describeOperation(operation: PatchOperation): string {
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
