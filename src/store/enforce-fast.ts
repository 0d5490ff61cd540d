// The client's schema stage (`enforceEvents`) first walks each event against its schema to strip unrecognised
// material, then parses it. The walk costs most of a streamed event's time: about 8 us of a STATE_DELTA's 10 us
// (bench --breakdown). For the events a stream is made of, an event whose every key is one its schema describes,
// with no nested object the walk could trim, strips to itself: parsing it by the same schema gives what the client's
// stage gives. Such an event is parsed here; every other event goes through the client's stage as it is.
import { enforceEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { EventSchema } from '@ag-ui/core/schemas';
import { Observable, of, type OperatorFunction } from 'rxjs';

interface SchemaLike {
  readonly shape?: Record<string, unknown>;
  readonly def?: {
    readonly type?: string;
    readonly innerType?: SchemaLike;
    readonly options?: readonly SchemaLike[];
  };
  parse(value: unknown): unknown;
}

/** The streamed event types the fast path knows; any other type takes the client's stage. */
const STREAMED = [
  'TEXT_MESSAGE_CONTENT',
  'TOOL_CALL_ARGS',
  'REASONING_MESSAGE_CONTENT',
  'STATE_DELTA',
];

/** Schema kinds the client's walk can trim inside: a value of any other kind is kept whole. */
const TRIMMABLE = new Set([
  'object',
  'array',
  'record',
  'union',
  'lazy',
  'pipe',
  'intersection',
  'tuple',
]);

function unwrap(schema: SchemaLike): SchemaLike {
  let current = schema;
  while (
    current.def?.innerType &&
    ['optional', 'nullable', 'default', 'readonly'].includes(current.def.type ?? '')
  ) {
    current = current.def.innerType;
  }
  return current;
}

/** The keys of an object schema whose values the walk keeps whole, or null when the schema is no plain object. */
function leafKeys(schema: SchemaLike): ReadonlySet<string> | null {
  if (!schema.shape) return null;
  const keys = new Set<string>();
  for (const [key, field] of Object.entries(schema.shape)) {
    if (!TRIMMABLE.has(unwrap(field as SchemaLike).def?.type ?? '')) keys.add(key);
  }
  return keys;
}

interface FastCase {
  readonly schema: SchemaLike;
  /** Keys whose values are kept whole. */
  readonly leaves: ReadonlySet<string>;
  /** STATE_DELTA: each operation's keys by its `op`. */
  readonly operations?: ReadonlyMap<string, ReadonlySet<string>>;
}

function literal(schema: SchemaLike | undefined): string | undefined {
  const def = schema?.def as { values?: readonly unknown[]; value?: unknown } | undefined;
  const value = def?.values?.length === 1 ? def.values[0] : def?.value;
  return typeof value === 'string' ? value : undefined;
}

function operationKeys(
  delta: SchemaLike | undefined,
): ReadonlyMap<string, ReadonlySet<string>> | undefined {
  const element = (delta && (unwrap(delta).def as { element?: SchemaLike } | undefined))?.element;
  const options = element ? unwrap(element).def?.options : undefined;
  if (!options) return undefined;
  const byOp = new Map<string, ReadonlySet<string>>();
  for (const option of options) {
    const op = literal(option.shape?.op as SchemaLike | undefined);
    const keys = leafKeys(option);
    // Two shapes for one op (or one the walk could trim inside) would make the walk's choice ours to guess.
    if (!op || !keys || byOp.has(op) || keys.size !== Object.keys(option.shape ?? {}).length)
      return undefined;
    byOp.set(op, keys);
  }
  return byOp;
}

function fastCases(): ReadonlyMap<string, FastCase> {
  const cases = new Map<string, FastCase>();
  for (const option of (EventSchema as unknown as SchemaLike).def?.options ?? []) {
    const type = literal(option.shape?.type as SchemaLike | undefined);
    const leaves = type && STREAMED.includes(type) ? leafKeys(option) : null;
    if (!type || !leaves) continue;
    if (type !== 'STATE_DELTA') {
      cases.set(type, { schema: option, leaves });
      continue;
    }
    const operations = operationKeys(option.shape?.delta as SchemaLike | undefined);
    if (operations) cases.set(type, { schema: option, leaves, operations });
  }
  return cases;
}

const CASES = fastCases();

function onlyKeys(value: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const key in value) if (!keys.has(key)) return false;
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

function cleanOperations(
  delta: unknown,
  operations: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  if (!Array.isArray(delta)) return false;
  for (const operation of delta) {
    if (!isRecord(operation)) return false;
    const keys = typeof operation.op === 'string' ? operations.get(operation.op) : undefined;
    if (!keys || !onlyKeys(operation, keys)) return false;
  }
  return true;
}

/** The schema that parses `event` as the client's stage would, when the client's walk would strip nothing from it. */
export function fastSchema(event: unknown): SchemaLike | undefined {
  if (!isRecord(event) || typeof event.type !== 'string') return undefined;
  const known = CASES.get(event.type);
  if (!known) return undefined;
  for (const key in event) {
    if (known.leaves.has(key)) continue;
    if (key === 'delta' && known.operations && cleanOperations(event.delta, known.operations))
      continue;
    return undefined;
  }
  return known.schema;
}

/** The client's `enforceEvents(false)`, with streamed events that strip to themselves parsed directly. */
export function enforceEventsFast(): OperatorFunction<BaseEvent, BaseEvent> {
  const clientStage = enforceEvents(false);
  return (source) =>
    new Observable<BaseEvent>((subscriber) =>
      source.subscribe({
        next(event) {
          // A synchronous source goes on after an error; the client's stage looks at nothing after one.
          if (subscriber.closed) return;
          const schema = fastSchema(event);
          if (!schema) {
            of(event)
              .pipe(clientStage)
              .subscribe({
                next: (value) => subscriber.next(value),
                error: (error: unknown) => subscriber.error(error),
              });
            return;
          }
          let parsed: BaseEvent;
          try {
            parsed = schema.parse(event) as BaseEvent;
          } catch (error) {
            subscriber.error(error);
            return;
          }
          subscriber.next(parsed);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    );
}
