import { expect } from '@open-wc/testing';
import { z } from 'zod/v4';
import { applyStateDelta, validatorFromSchema } from '../src/state/index.js';
import type { PatchResult } from '../src/state/index.js';

type Service = { name: string; latency: number; tags?: string[] };
type AnalysisState = {
  services: Service[];
  untouched: { note: string; nested: { depth: number } };
  title: string;
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function analysisState(): AnalysisState {
  return deepFreeze({
    services: [
      { name: 'api', latency: 120, tags: ['core'] },
      { name: 'db', latency: 40 },
    ],
    untouched: { note: 'keep me', nested: { depth: 2 } },
    title: 'Synthetic',
  });
}

function valueOf<T>(result: PatchResult<T>): T {
  if (!result.ok) throw new Error(`expected ok, got: ${result.error}`);
  return result.value;
}

function errorOf<T>(result: PatchResult<T>): string {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('applyStateDelta', () => {
  describe('untrusted operations', () => {
    for (const notAnArray of [null, undefined, 'add', 42, { op: 'add', path: '/a', value: 1 }]) {
      it(`rejects ${JSON.stringify(notAnArray) ?? 'undefined'} because a patch must be an array`, () => {
        const error = errorOf(applyStateDelta(analysisState(), notAnArray));
        expect(error).to.match(/^A patch must be an array of operations, not /);
      });
    }

    it('names the 1-based index and the problem of a malformed operation', () => {
      const operations = [
        { op: 'replace', path: '/title', value: 'ok' },
        { op: 'add', path: '/title' },
      ];
      expect(errorOf(applyStateDelta(analysisState(), operations))).to.equal(
        'Patch operation 2 is not valid: "value" is missing (add, replace and test need it)',
      );
    });

    const malformed: Array<[string, unknown, string]> = [
      ['a number', 7, 'expected an object with "op" and "path", got a number'],
      [
        'an unknown op',
        { op: 'merge', path: '/a' },
        '"op" must be one of add, remove, replace, move, copy, test',
      ],
      ["fast-json-patch's internal _get", { op: '_get', path: '/title' }, '"op" must be one of'],
      ['an inherited name as op', { op: 'constructor', path: '/title' }, '"op" must be one of'],
      [
        'a path without a leading slash',
        { op: 'remove', path: 'title' },
        '"path" must be a string',
      ],
      ['a path that is not a string', { op: 'remove', path: ['title'] }, '"path" must be a string'],
      ['a move without from', { op: 'move', path: '/a' }, '"from" must be a string'],
      [
        'a copy whose from lacks a slash',
        { op: 'copy', from: 'title', path: '/a' },
        '"from" must be "" or start with "/"',
      ],
      [
        'a value holding undefined',
        { op: 'add', path: '/a', value: { inner: undefined } },
        'contains undefined',
      ],
    ];
    for (const [label, operation, reason] of malformed) {
      it(`rejects ${label} before applying anything`, () => {
        const document = analysisState();
        const error = errorOf(
          applyStateDelta(document, [
            { op: 'replace', path: '/title', value: 'changed' },
            operation,
          ]),
        );
        expect(error).to.contain('Patch operation 2 is not valid: ').and.contain(reason);
        expect(document.title).to.equal('Synthetic');
      });
    }

    it('does not mutate the operations it was given', () => {
      const operations = deepFreeze([
        { op: 'add', path: '/extra', value: { list: [1] } },
        { op: 'add', path: '/extra/list/-', value: 2 },
        { op: 'add', path: '/extra/more', value: true },
      ]);
      const value = valueOf(applyStateDelta<Record<string, unknown>>(analysisState(), operations));
      expect(value.extra).to.deep.equal({ list: [1, 2], more: true });
      expect(operations[0].value).to.deep.equal({ list: [1] });
    });
  });

  describe('prototype paths', () => {
    const keysBefore = Object.keys;
    const objectPrototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

    afterEach(() => {
      expect(Object.keys).to.equal(keysBefore);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).to.deep.equal(
        objectPrototypeNames,
      );
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });

    const banned: Array<[string, Record<string, unknown>, string]> = [
      ['__proto__', { op: 'add', path: '/__proto__/polluted', value: true }, '__proto__'],
      [
        'constructor (would overwrite Object.keys)',
        { op: 'replace', path: '/constructor/keys', value: 1 },
        'constructor',
      ],
      [
        'constructor/prototype',
        { op: 'add', path: '/untouched/constructor/prototype/polluted', value: 1 },
        'constructor',
      ],
      ['prototype alone', { op: 'add', path: '/services/prototype', value: 1 }, 'prototype'],
      [
        '__proto__ as the last segment',
        { op: 'replace', path: '/untouched/__proto__', value: { polluted: true } },
        '__proto__',
      ],
      [
        '__proto__ in from of a copy',
        { op: 'copy', from: '/__proto__', path: '/leak' },
        '__proto__',
      ],
      [
        'constructor in from of a move',
        { op: 'move', from: '/title/constructor', path: '/leak' },
        'constructor',
      ],
      [
        '__proto__ deep in the path',
        { op: 'add', path: '/untouched/nested/__proto__/polluted', value: 1 },
        '__proto__',
      ],
    ];
    for (const [label, operation, segment] of banned) {
      it(`rejects a path through ${label} and leaves Object.prototype alone`, () => {
        const document = analysisState();
        const error = errorOf(applyStateDelta(document, [operation]));
        expect(error).to.match(/^Patch operation 1 \(.+\) is not allowed: a path through "/);
        expect(error).to.contain(`"${segment}"`);
      });
    }

    it('rejects a forbidden path anywhere in the patch before applying the earlier operations', () => {
      const document = analysisState();
      const error = errorOf(
        applyStateDelta(document, [
          { op: 'replace', path: '/title', value: 'first' },
          { op: 'add', path: '/prototype/polluted', value: true },
        ]),
      );
      expect(error).to.contain('Patch operation 2 (add /prototype/polluted) is not allowed');
      expect(document.title).to.equal('Synthetic');
    });

    it('keeps an own "__proto__" key of a value as data, never as a prototype', () => {
      const value = JSON.parse('{"__proto__": {"polluted": true}, "kept": 1}') as Record<
        string,
        unknown
      >;
      const result = valueOf(
        applyStateDelta<object>(analysisState(), [
          { op: 'add', path: '/parsed', value },
          { op: 'add', path: '/parsed/more', value: 2 },
        ]),
      ) as { parsed: Record<string, unknown> };
      expect(Object.getPrototypeOf(result.parsed)).to.equal(Object.prototype);
      expect(Object.hasOwn(result.parsed, '__proto__')).to.equal(true);
      expect(result.parsed).to.include({ kept: 1, more: 2 });
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });
  });

  describe('each operation', () => {
    it('adds an object member and an array item', () => {
      const value = valueOf(
        applyStateDelta(analysisState(), [
          { op: 'add', path: '/services/1', value: { name: 'cache', latency: 3 } },
          { op: 'add', path: '/services/0/tags/-', value: 'edge' },
          { op: 'add', path: '/untouched/nested/extra', value: null },
        ]),
      );
      expect(value.services.map((service) => service.name)).to.deep.equal(['api', 'cache', 'db']);
      expect(value.services[0].tags).to.deep.equal(['core', 'edge']);
      expect(value.untouched.nested).to.deep.equal({ depth: 2, extra: null });
    });

    it('removes an array item and an object member', () => {
      const value = valueOf(
        applyStateDelta(analysisState(), [
          { op: 'remove', path: '/services/0' },
          { op: 'remove', path: '/untouched/note' },
        ]),
      );
      expect(value.services).to.deep.equal([{ name: 'db', latency: 40 }]);
      expect(value.untouched).to.deep.equal({ nested: { depth: 2 } });
    });

    it('replaces a nested value', () => {
      const value = valueOf(
        applyStateDelta(analysisState(), [
          { op: 'replace', path: '/services/1/latency', value: 55 },
        ]),
      );
      expect(value.services[1]).to.deep.equal({ name: 'db', latency: 55 });
    });

    it('moves a value between containers', () => {
      const value = valueOf(
        applyStateDelta<Record<string, unknown>>(analysisState(), [
          { op: 'move', from: '/services/0/tags', path: '/tags' },
        ]),
      );
      expect(value.tags).to.deep.equal(['core']);
      expect(value.services).to.deep.equal([
        { name: 'api', latency: 120 },
        { name: 'db', latency: 40 },
      ]);
    });

    it('moves an array item into a later sibling, which shifts when the item leaves', () => {
      const document = deepFreeze({ list: [{ n: 0 }, { n: 1 }, { n: 2 }] });
      const value = valueOf(
        applyStateDelta(document, [{ op: 'move', from: '/list/0', path: '/list/1/moved' }]),
      );
      // RFC 6902: remove /list/0, then add /list/1/moved, and /list/1 is then { n: 2 }.
      expect(value).to.deep.equal({ list: [{ n: 1 }, { n: 2, moved: { n: 0 } }] });
      expect(document).to.deep.equal({ list: [{ n: 0 }, { n: 1 }, { n: 2 }] });
    });

    it('rejects moving a value into itself', () => {
      const error = errorOf(
        applyStateDelta(analysisState(), [
          { op: 'move', from: '/untouched', path: '/untouched/nested/self' },
        ]),
      );
      expect(error).to.equal(
        'Patch operation 1 (move /untouched/nested/self from /untouched) failed: a value cannot be moved into itself',
      );
    });

    it('copies a value by value, so later changes to the copy leave the source alone', () => {
      const value = valueOf(
        applyStateDelta<AnalysisState & { copy?: { note: string } }>(analysisState(), [
          { op: 'copy', from: '/untouched', path: '/copy' },
          { op: 'replace', path: '/copy/note', value: 'changed' },
        ]),
      );
      expect(value.copy?.note).to.equal('changed');
      expect(value.untouched.note).to.equal('keep me');
    });

    it('rejects a copy from an inherited name such as toString', () => {
      const error = errorOf(
        applyStateDelta(analysisState(), [
          { op: 'copy', from: '/untouched/toString', path: '/leak' },
        ]),
      );
      expect(error).to.equal(
        'Patch operation 1 (copy /leak from /untouched/toString) failed: "from" does not exist',
      );
    });

    it('rejects a move from an array "length"', () => {
      const error = errorOf(
        applyStateDelta(analysisState(), [
          { op: 'move', from: '/services/length', path: '/count' },
        ]),
      );
      expect(error).to.contain('failed: "from" does not exist');
    });

    it('rejects removing an inherited name that the state does not hold', () => {
      const error = errorOf(
        applyStateDelta(analysisState(), [{ op: 'remove', path: '/untouched/hasOwnProperty' }]),
      );
      expect(error).to.equal(
        'Patch operation 1 (remove /untouched/hasOwnProperty) failed: path does not exist',
      );
    });

    it('rejects an array index with a leading zero', () => {
      const error = errorOf(
        applyStateDelta(analysisState(), [{ op: 'add', path: '/services/01', value: {} }]),
      );
      expect(error).to.contain('"01" is not a valid array index (use 0 to 2, or "-" to append)');
    });

    it('passes a test operation that matches and applies the rest', () => {
      const value = valueOf(
        applyStateDelta(analysisState(), [
          { op: 'test', path: '/services/0', value: { name: 'api', latency: 120, tags: ['core'] } },
          { op: 'replace', path: '/title', value: 'Tested' },
        ]),
      );
      expect(value.title).to.equal('Tested');
    });

    it('rejects the whole patch when a test operation fails', () => {
      const document = analysisState();
      const error = errorOf(
        applyStateDelta(document, [
          { op: 'replace', path: '/title', value: 'Changed' },
          { op: 'test', path: '/services/1/latency', value: 41 },
        ]),
      );
      expect(error).to.equal(
        'Patch operation 2 (test /services/1/latency) failed: the value at the path is not the one the test expects',
      );
      expect(document.title).to.equal('Synthetic');
    });
  });

  describe('atomicity', () => {
    it('leaves the document untouched when operation 3 of 4 fails', () => {
      const document = analysisState();
      const before = JSON.parse(JSON.stringify(document)) as unknown;
      const error = errorOf(
        applyStateDelta(document, [
          { op: 'replace', path: '/services/0/latency', value: 1 },
          { op: 'add', path: '/services/-', value: { name: 'queue', latency: 9 } },
          { op: 'remove', path: '/services/99' },
          { op: 'replace', path: '/title', value: 'never' },
        ]),
      );
      expect(error).to.equal('Patch operation 3 (remove /services/99) failed: path does not exist');
      expect(document).to.deep.equal(before);
    });

    it('leaves an unfrozen document untouched when a later operation fails', () => {
      const document = { list: [1, 2], deep: { value: 'a' } };
      const result = applyStateDelta(document, [
        { op: 'add', path: '/list/0', value: 0 },
        { op: 'replace', path: '/deep/value', value: 'b' },
        { op: 'add', path: '/missing/child', value: 1 },
      ]);
      expect(errorOf(result)).to.equal(
        'Patch operation 3 (add /missing/child) failed: the parent of the path does not exist',
      );
      expect(document).to.deep.equal({ list: [1, 2], deep: { value: 'a' } });
    });
  });

  describe('structural sharing', () => {
    it('copies only the containers along the patched paths', () => {
      const document = analysisState();
      const value = valueOf(
        applyStateDelta(document, [{ op: 'replace', path: '/services/0/latency', value: 99 }]),
      );
      expect(value).not.to.equal(document);
      expect(value.services).not.to.equal(document.services);
      expect(value.services[0]).not.to.equal(document.services[0]);
      expect(value.untouched).to.equal(document.untouched);
      expect(value.services[1]).to.equal(document.services[1]);
      expect(value.services[0].tags).to.equal(document.services[0].tags);
    });

    it('applies several operations to one container, the copy carrying each change', () => {
      const document = analysisState();
      const value = valueOf(
        applyStateDelta(document, [
          { op: 'replace', path: '/services/0/latency', value: 1 },
          { op: 'replace', path: '/services/0/name', value: 'gateway' },
          { op: 'add', path: '/services/0/tags/0', value: 'edge' },
        ]),
      );
      expect(value.services[0]).to.deep.equal({
        name: 'gateway',
        latency: 1,
        tags: ['edge', 'core'],
      });
      expect(value.untouched).to.equal(document.untouched);
    });

    it('never serialises the whole document, as fast-json-patch does to validate a move or copy', () => {
      const document = analysisState();
      const stringify = JSON.stringify;
      const serialised: unknown[] = [];
      JSON.stringify = function (this: JSON, ...args: Parameters<typeof JSON.stringify>) {
        serialised.push(args[0]);
        return stringify.apply(this, args);
      } as typeof JSON.stringify;
      try {
        valueOf(
          applyStateDelta(document, [
            { op: 'move', from: '/services/1', path: '/services/0' },
            { op: 'copy', from: '/untouched/nested', path: '/untouched/copy' },
          ]),
        );
      } finally {
        JSON.stringify = stringify;
      }
      // What is left is fast-json-patch copying the copied value and keeping the replaced one: subtrees only.
      const wholeStates = serialised.filter(
        (value) => typeof value === 'object' && value !== null && 'title' in value,
      );
      expect(wholeStates).to.have.length(0);
      expect(serialised).to.have.length.greaterThan(0);
    });

    it('returns the same document for a patch of test operations only', () => {
      const document = analysisState();
      expect(
        valueOf(applyStateDelta(document, [{ op: 'test', path: '/title', value: 'Synthetic' }])),
      ).to.equal(document);
    });
  });

  describe('the root', () => {
    it('returns the same document for an empty patch', () => {
      const document = analysisState();
      expect(valueOf(applyStateDelta(document, []))).to.equal(document);
    });

    it('replaces the whole state with path ""', () => {
      const value = valueOf(
        applyStateDelta<unknown>(analysisState(), [
          { op: 'replace', path: '', value: { fresh: true } },
        ]),
      );
      expect(value).to.deep.equal({ fresh: true });
    });

    it('patches a replaced root without touching the operation value', () => {
      const replacement = deepFreeze({ fresh: { count: 1 } });
      const value = valueOf(
        applyStateDelta<unknown>(analysisState(), [
          { op: 'replace', path: '', value: replacement },
          { op: 'replace', path: '/fresh/count', value: 2 },
        ]),
      );
      expect(value).to.deep.equal({ fresh: { count: 2 } });
      expect(replacement.fresh.count).to.equal(1);
    });

    it('names the whole state in an error about path ""', () => {
      const error = errorOf(
        applyStateDelta(analysisState(), [{ op: 'test', path: '', value: {} }]),
      );
      expect(error).to.equal(
        'Patch operation 1 (test the whole state) failed: the value at the path is not the one the test expects',
      );
    });
  });

  describe('validation', () => {
    it('rejects a candidate the validator refuses, with its reason, and passes it the previous state', () => {
      const document = analysisState();
      const seen: unknown[] = [];
      const result = applyStateDelta(
        document,
        [{ op: 'replace', path: '/title', value: '' }],
        (candidate, previous) => {
          seen.push(candidate, previous);
          return (candidate as AnalysisState).title === '' ? 'title: must not be empty' : null;
        },
      );
      expect(errorOf(result)).to.equal('title: must not be empty');
      expect((seen[0] as AnalysisState).title).to.equal('');
      expect(seen[1]).to.equal(document);
      expect(document.title).to.equal('Synthetic');
    });

    it('returns the candidate when the validator accepts it', () => {
      const value = valueOf(
        applyStateDelta(
          analysisState(),
          [{ op: 'replace', path: '/title', value: 'New' }],
          () => null,
        ),
      );
      expect(value.title).to.equal('New');
    });

    it('turns a throwing validator into a failed result', () => {
      const result = applyStateDelta(analysisState(), [], () => {
        throw new Error('validator broke');
      });
      expect(errorOf(result)).to.equal('The state could not be validated: validator broke');
    });
  });

  describe('validatorFromSchema', () => {
    const schema = z.object({
      services: z.array(z.object({ name: z.string(), latency: z.number().min(0) })),
      title: z.string(),
    });
    const validate = validatorFromSchema(schema);

    it('accepts a state the schema accepts', () => {
      expect(validate(analysisState(), undefined)).to.equal(null);
    });

    it('names the path and the problem of an invalid state', () => {
      const result = applyStateDelta(
        analysisState(),
        [{ op: 'replace', path: '/services/0/latency', value: -1 }],
        validate,
      );
      expect(errorOf(result)).to.equal('services.0.latency: Too small: expected number to be >=0');
    });

    it('lists at most three issues and counts the rest', () => {
      const reason = validate({ services: [{}, {}], title: 1 }, undefined) ?? '';
      expect(reason.split('; ')).to.have.length(3);
      expect(reason).to.match(/\(and 2 more\)$/);
    });
  });

  describe('never throws', () => {
    it('turns an operation whose getter throws into a failed result', () => {
      const hostile = {
        get op(): string {
          throw new Error('getter exploded');
        },
      };
      expect(errorOf(applyStateDelta(analysisState(), [hostile]))).to.equal(
        'The patch could not be applied: getter exploded',
      );
    });

    it('turns a cyclic value into a failed result', () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect(
        errorOf(applyStateDelta(analysisState(), [{ op: 'add', path: '/loop', value: cyclic }])),
      ).to.match(/^Patch operation 1 is not valid: it could not be checked/);
    });

    it('rejects adding a member to a number', () => {
      const error = errorOf(applyStateDelta(5, [{ op: 'add', path: '/x', value: 1 }]));
      expect(error).to.equal(
        'Patch operation 1 (add /x) failed: the parent of the path is not an object or array',
      );
    });
  });
});
