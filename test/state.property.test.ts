import { expect } from '@open-wc/testing';
import * as fc from 'fast-check';
import {
  applyOperation,
  applyPatch,
  deepClone,
  escapePathComponent,
  getValueByPointer,
  unescapePathComponent,
} from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { applyStateDelta } from '../src/state/index.js';
import type { PatchResult, StateValidator } from '../src/state/index.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Expected = { ok: false } | { ok: true; value: unknown };

const OBJECT_KEYS = ['a', 'b', 'c', '0', '1', '', 'x/y', 'm~n'];
const SEGMENTS = [
  'a',
  'b',
  '0',
  '1',
  '2',
  '-',
  '01',
  '',
  'toString',
  'length',
  'x~1y',
  'm~0n',
  '~',
  '__proto__',
  'constructor',
  'prototype',
];
const SUFFIXES = [
  '/a',
  '/b',
  '/0',
  '/1',
  '/-',
  '/9',
  '/01',
  '/toString',
  '/length',
  '/x~1y',
  '/__proto__/polluted',
  '/constructor/keys',
  '/prototype',
];
const RFC_OPERATIONS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const INDEX = /^(0|[1-9][0-9]*)$/;

const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.integer({ min: -50, max: 50 }),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant(null),
);
const { json, record } = fc.letrec<{ json: Json; list: Json[]; record: { [key: string]: Json } }>(
  (tie) => ({
    json: fc.oneof({ maxDepth: 3, depthIdentifier: 'json' }, leaf, tie('list'), tie('record')),
    list: fc.array(tie('json'), { maxLength: 4, depthIdentifier: 'json' }),
    record: fc.dictionary(fc.constantFrom(...OBJECT_KEYS), tie('json'), {
      maxKeys: 4,
      noNullPrototype: true,
      depthIdentifier: 'json',
    }),
  }),
);
const state: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: record },
  { weight: 1, arbitrary: json },
);

function pointersOf(value: Json, prefix = ''): string[] {
  const children: Array<[string, Json]> = Array.isArray(value)
    ? value.map((child, index) => [String(index), child])
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : [];
  return [
    prefix,
    ...children.flatMap(([key, child]) =>
      pointersOf(child, `${prefix}/${escapePathComponent(key)}`),
    ),
  ];
}

function patchFor(document: Json): fc.Arbitrary<unknown> {
  const existing = fc.constantFrom(...pointersOf(document));
  const pointer = fc.oneof(
    { weight: 12, arbitrary: existing },
    {
      weight: 6,
      arbitrary: fc
        .tuple(existing, fc.constantFrom(...SUFFIXES))
        .map(([base, suffix]) => base + suffix),
    },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.constantFrom(...SEGMENTS), { maxLength: 3 })
        .map((path) => path.map((s) => `/${s}`).join('')),
    },
    { weight: 1, arbitrary: fc.constantFrom('a', 'a/b', '#/a') },
  );
  const invalid = fc.oneof(
    fc.constantFrom<unknown>(null, 42, 'add', []),
    pointer.map((path) => ({ op: '_get', path })),
    pointer.map((path) => ({ op: 'constructor', path })),
    pointer.map((path) => ({ op: 'add', path })),
    pointer.map((path) => ({ op: 'move', path })),
    fc.constant({ op: 'remove', path: 5 }),
  );
  const operation = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ op: fc.constantFrom('add', 'replace'), path: pointer, value: json }),
    },
    { weight: 4, arbitrary: fc.record({ op: fc.constant('remove'), path: pointer }) },
    {
      weight: 8,
      arbitrary: fc.record({ op: fc.constantFrom('move', 'copy'), from: pointer, path: pointer }),
    },
    {
      weight: 2,
      arbitrary: existing.map((path) => ({
        op: 'test',
        path,
        value: deepClone(getValueByPointer(document, path)),
      })),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('test'), path: pointer, value: json }) },
    { weight: 1, arbitrary: invalid },
  );
  return fc.oneof(
    { weight: 20, arbitrary: fc.array(operation, { maxLength: 5 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(null, 'ops', { op: 'add', path: '/a', value: 1 }),
    },
  );
}

const deltaCase = state.chain((document) =>
  fc.record({ document: fc.constant(document), operations: patchFor(document) }),
);

// A list of records and moves between its items: removing `from` shifts the items that `path` may go through.
const siblingMoveCase = fc.record({
  document: fc.record({ list: fc.array(record, { minLength: 2, maxLength: 5 }) }),
  operations: fc.array(
    fc.oneof(
      fc
        .tuple(fc.nat(5), fc.nat(5), fc.constantFrom('', '/a', '/0', '/-'))
        .map(([from, into, rest]) => ({
          op: 'move',
          from: `/list/${from}`,
          path: `/list/${into}${rest}`,
        })),
      fc
        .tuple(fc.nat(5), fc.constantFrom('a', 'b'))
        .map(([at, key]) => ({ op: 'add', path: `/list/${at}/${key}`, value: at })),
    ),
    { minLength: 1, maxLength: 4 },
  ),
});

// Lists of lists and records: moves and copies between them shift indices at two depths at once.
const nestedPointer = fc
  .tuple(fc.nat(4), fc.constantFrom('', '/0', '/1', '/2', '/-', '/a'))
  .map(([at, rest]) => `/grid/${at}${rest}`);
const nestedCase = fc.record({
  document: fc.record({
    grid: fc.array(fc.oneof(fc.array(leaf, { maxLength: 3 }), record), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  operations: fc.array(
    fc.oneof(
      fc.record({
        op: fc.constantFrom('move', 'copy'),
        from: nestedPointer,
        path: nestedPointer,
      }),
      fc.record({ op: fc.constantFrom('add', 'replace'), path: nestedPointer, value: json }),
      fc.record({ op: fc.constant('remove'), path: nestedPointer }),
    ),
    { minLength: 1, maxLength: 4 },
  ),
});

// A value somewhere in a state replaced: what is copied and what is shared.
const replaceCase = state
  .filter((document) => pointersOf(document).length > 1)
  .chain((document) =>
    fc.record({
      document: fc.constant(document),
      path: fc.constantFrom(...pointersOf(document).filter((pointer) => pointer !== '')),
      value: json,
    }),
  );

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map(unescapePathComponent);
}

function isPointer(value: unknown): value is string {
  return typeof value === 'string' && (value === '' || value.startsWith('/'));
}

function isWellFormed(raw: unknown): raw is Operation {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const operation = raw as Record<string, unknown>;
  if (
    typeof operation.op !== 'string' ||
    !RFC_OPERATIONS.has(operation.op) ||
    !isPointer(operation.path)
  )
    return false;
  if ((operation.op === 'move' || operation.op === 'copy') && !isPointer(operation.from))
    return false;
  return !['add', 'replace', 'test'].includes(operation.op) || operation.value !== undefined;
}

function isForbidden(operation: Operation): boolean {
  const pointers =
    operation.op === 'move' || operation.op === 'copy'
      ? [operation.path, operation.from]
      : [operation.path];
  return pointers.some((pointer) => segmentsOf(pointer).some((segment) => FORBIDDEN.has(segment)));
}

/** RFC 6901 resolution: own members and canonical in-range array indices only. */
function resolve(document: unknown, segments: string[]): { exists: boolean; value?: unknown } {
  let current = document;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!INDEX.test(segment) || Number(segment) >= current.length) return { exists: false };
      current = current[Number(segment)];
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return { exists: false };
    }
  }
  return { exists: true, value: current };
}

/** Where applyStateDelta is stricter than fast-json-patch: RFC 6902 targets, `from` and move-into-itself. */
function breaksRfc(document: unknown, operation: Operation): boolean {
  const path = segmentsOf(operation.path);
  if (operation.op === 'move' || operation.op === 'copy') {
    const from = segmentsOf(operation.from);
    if (!resolve(document, from).exists) return true;
    if (
      operation.op === 'move' &&
      from.length < path.length &&
      from.every((segment, i) => segment === path[i])
    )
      return true;
  }
  if (path.length === 0) return false;
  if (operation.op === 'remove' || operation.op === 'replace' || operation.op === 'test')
    return !resolve(document, path).exists;
  const parent = resolve(document, path.slice(0, -1));
  if (!parent.exists || typeof parent.value !== 'object' || parent.value === null) return true;
  const last = path[path.length - 1];
  return (
    Array.isArray(parent.value) &&
    !(last === '-' || (INDEX.test(last) && Number(last) <= parent.value.length))
  );
}

/** fast-json-patch's own result (applyPatch applies operation by operation), minus what must be rejected. */
function expectedOutcome(document: Json, operations: unknown): Expected {
  if (!Array.isArray(operations) || !operations.every(isWellFormed) || operations.some(isForbidden))
    return { ok: false };
  let current: unknown = deepClone(document);
  for (const operation of operations) {
    if (breaksRfc(current, operation)) return { ok: false };
    try {
      current = applyOperation(current, deepClone(operation), true, true).newDocument;
    } catch {
      return { ok: false };
    }
  }
  const reference = applyPatch(deepClone(document), deepClone(operations), true, false).newDocument;
  expect(current).to.deep.equal(reference);
  return { ok: true, value: current };
}

function prototypesSnapshot(): unknown {
  return {
    object: Object.getOwnPropertyNames(Object.prototype).sort(),
    array: Object.getOwnPropertyNames(Array.prototype).sort(),
    keys: Object.keys,
    polluted: ({} as Record<string, unknown>).polluted,
  };
}

function describeResult(result: PatchResult<unknown>): string {
  return result.ok ? `ok: ${JSON.stringify(result.value)}` : `failed: ${result.error}`;
}

/** Applies the delta to frozen copies and compares with the expected outcome; throws on any difference. */
function checkAgainstReference(document: Json, operations: unknown, prototypes: unknown): void {
  const documentBefore = structuredClone(document);
  const operationsBefore = structuredClone(operations);
  const frozenDocument = deepFreeze(structuredClone(document));
  const frozenOperations = deepFreeze(structuredClone(operations));

  const result = applyStateDelta(frozenDocument, frozenOperations);

  expect(frozenDocument).to.deep.equal(documentBefore);
  expect(frozenOperations).to.deep.equal(operationsBefore);
  expect(prototypesSnapshot()).to.deep.equal(prototypes);
  const expected = expectedOutcome(documentBefore, operationsBefore);
  expect(result.ok, describeResult(result)).to.equal(expected.ok);
  if (result.ok && expected.ok) expect(result.value).to.deep.equal(expected.value);
  if (!result.ok) expect(result.error).to.match(/^(A patch must be an array|Patch operation \d+ )/);
}

describe('applyStateDelta properties', () => {
  const prototypes = prototypesSnapshot();

  it('either fails leaving the document unchanged, or equals fast-json-patch on a deep clone', () => {
    fc.assert(
      fc.property(deltaCase, ({ document, operations }) =>
        checkAgainstReference(document, operations, prototypes),
      ),
      { numRuns: 300 },
    );
  });

  it('moves between items of one array like fast-json-patch, without touching the original items', () => {
    fc.assert(
      fc.property(siblingMoveCase, ({ document, operations }) =>
        checkAgainstReference(document, operations, prototypes),
      ),
      { numRuns: 200 },
    );
  });

  it('moves and copies between nested lists like fast-json-patch', () => {
    fc.assert(
      fc.property(nestedCase, ({ document, operations }) =>
        checkAgainstReference(document, operations, prototypes),
      ),
      { numRuns: 300 },
    );
  });

  it('copies the containers on the way to a replaced value and shares every other one', () => {
    fc.assert(
      fc.property(replaceCase, ({ document, path, value }) => {
        const frozen = deepFreeze(structuredClone(document));
        const result = applyStateDelta<Json>(frozen, [{ op: 'replace', path, value }]);
        expect(result.ok, describeResult(result)).to.equal(true);
        const patched = (result as { value: Json }).value;
        for (const pointer of pointersOf(frozen)) {
          const before: unknown = getValueByPointer(frozen, pointer);
          if (typeof before !== 'object' || before === null) continue;
          if (pointer === path || pointer.startsWith(`${path}/`)) continue;
          const after: unknown = getValueByPointer(patched, pointer);
          if (path.startsWith(`${pointer}/`)) expect(after, pointer).not.to.equal(before);
          else expect(after, pointer).to.equal(before);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rejects what the validator refuses and leaves the document unchanged', () => {
    const refuseEvenLengths: StateValidator = (candidate) =>
      JSON.stringify(candidate ?? null).length % 2 === 0 ? 'even length' : null;
    fc.assert(
      fc.property(deltaCase, ({ document, operations }) => {
        const documentBefore = structuredClone(document);
        const frozenDocument = deepFreeze(structuredClone(document));
        const previousSeen: unknown[] = [];
        const validate: StateValidator = (candidate, previous) => {
          previousSeen.push(previous);
          return refuseEvenLengths(candidate, previous);
        };

        const validated = applyStateDelta(frozenDocument, operations, validate);
        const unvalidated = applyStateDelta(frozenDocument, operations);

        expect(frozenDocument).to.deep.equal(documentBefore);
        expect(previousSeen.every((previous) => previous === frozenDocument)).to.equal(true);
        if (!unvalidated.ok) {
          expect(validated).to.deep.equal(unvalidated);
        } else if (refuseEvenLengths(unvalidated.value, frozenDocument) === null) {
          expect(validated).to.deep.equal(unvalidated);
        } else {
          expect(validated).to.deep.equal({ ok: false, error: 'even length' });
        }
      }),
      { numRuns: 200 },
    );
  });
});
