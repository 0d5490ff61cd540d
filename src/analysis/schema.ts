// The zod schema of the `services` key (loaded with the first run, after zod is configured jitless).
import '../zod-setup.js';
import { z, type ZodType } from 'zod/v4';

const finiteNonNegative = z.number().finite().min(0);

export const ServiceSchema = z.object({
  id: z.string().trim().min(1, 'Service ids must not be blank'),
  name: z.string(),
  series: z.enum(['Core', 'Platform']),
  volume: finiteNonNegative,
  latency: finiteNonNegative,
});

/**
 * Service objects already found valid. State is never mutated (patches copy along their paths), so an object
 * that was valid once still is.
 */
const validServices = new WeakSet<object>();

function issueText(path: readonly PropertyKey[], message: string): string {
  return `${['services', ...path.map(String)].join('.')}: ${message}`;
}

function serviceProblem(service: unknown, index: number): string | null {
  if (typeof service === 'object' && service !== null && validServices.has(service)) return null;
  const result = ServiceSchema.safeParse(service);
  if (!result.success) {
    const issue = result.error.issues[0];
    return issueText([index, ...(issue?.path ?? [])], issue?.message ?? 'Invalid service');
  }
  validServices.add(service as object);
  return null;
}

/** Every service in order, then its id against the earlier ones. */
function listProblem(list: readonly unknown[]): string | null {
  const seen = new Set<string>();
  for (let index = 0; index < list.length; index += 1) {
    const problem = serviceProblem(list[index], index);
    if (problem !== null) return problem;
    const id = (list[index] as { id: string }).id;
    if (seen.has(id)) return issueText([index, 'id'], `Duplicate service id "${id}"`);
    seen.add(id);
  }
  return null;
}

const FIELDS = Object.entries(ServiceSchema.shape) as [string, ZodType][];

/**
 * A service changed from a valid one: only its changed fields, each by its schema in the object's field order (an
 * object schema checks its fields alone and ignores other keys, so this is what parsing it whole would report).
 */
function changedFieldsProblem(
  service: Readonly<Record<string, unknown>>,
  before: Readonly<Record<string, unknown>>,
  index: number,
): string | null {
  for (const [key, schema] of FIELDS) {
    if (service[key] === before[key]) continue;
    const result = schema.safeParse(service[key]);
    if (!result.success) {
      const issue = result.error.issues[0];
      return issueText([index, key, ...(issue?.path ?? [])], issue?.message ?? 'Invalid value');
    }
  }
  return null;
}

/**
 * Only the services that differ from an accepted list of the same length, when none changed its id (the ids stay
 * unique then); undefined when that does not hold and the whole list needs checking.
 */
function changedProblem(
  list: readonly unknown[],
  base: readonly unknown[],
): string | null | undefined {
  let problem: string | null = null;
  for (let index = 0; index < list.length; index += 1) {
    const service = list[index];
    const before = base[index] as Record<string, unknown>;
    if (service === before) continue;
    if (typeof service !== 'object' || service === null || Array.isArray(service)) return undefined;
    if ((service as { id?: unknown }).id !== before.id) return undefined;
    problem ??= changedFieldsProblem(service as Record<string, unknown>, before, index);
  }
  return problem;
}

/**
 * The validator of the `services` key for one store: null when the value is a valid services list, else a reason
 * naming the path. It remembers the list it last accepted, so a delta patched from that list (`previous`) costs
 * a check of the services it changed, not of all of them.
 */
export function createServicesValidator(): (value: unknown, previous: unknown) => string | null {
  let accepted: readonly unknown[] | null = null;
  return (value, previous) => {
    if (!Array.isArray(value)) return issueText([], 'Expected an array of services');
    if (value === accepted) return null;
    const base = accepted !== null && previous === accepted && accepted.length === value.length;
    const changed = base ? changedProblem(value, accepted as readonly unknown[]) : undefined;
    const problem = changed === undefined ? listProblem(value) : changed;
    if (problem === null) accepted = value;
    return problem;
  };
}
