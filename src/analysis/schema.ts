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

/** Null when `schema` accepts the value at `path`, else its first issue. */
function problemOf(schema: ZodType, value: unknown, path: readonly PropertyKey[]): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issueText([...path, ...(issue?.path ?? [])], issue?.message ?? 'Invalid service');
}

/** Every service in order, then its id against the earlier ones. */
function listProblem(list: readonly unknown[]): string | null {
  const seen = new Set<string>();
  for (let index = 0; index < list.length; index += 1) {
    const service = list[index];
    if (typeof service !== 'object' || service === null || !validServices.has(service)) {
      const problem = problemOf(ServiceSchema, service, [index]);
      if (problem !== null) return problem;
      validServices.add(service as object);
    }
    const id = (service as { id: string }).id;
    if (seen.has(id)) return issueText([index, 'id'], `Duplicate service id "${id}"`);
    seen.add(id);
  }
  return null;
}

const FIELDS = Object.entries(ServiceSchema.shape) as [string, ZodType][];

/**
 * Only the services that differ from an accepted list of the same length, and of those only the changed fields,
 * each by its schema in field order (an object schema checks its fields alone, so parsing whole would report the
 * same); undefined when a service changed its id or is not an object, and the whole list needs checking.
 */
function changedProblem(
  list: readonly unknown[],
  base: readonly unknown[],
): string | null | undefined {
  let problem: string | null = null;
  for (let index = 0; index < list.length; index += 1) {
    const service = list[index] as Record<string, unknown>;
    const before = base[index] as Record<string, unknown>;
    if (service === before) continue;
    if (typeof service !== 'object' || service === null || Array.isArray(service)) return undefined;
    if (service.id !== before.id) return undefined;
    for (const [key, schema] of FIELDS) {
      if (problem === null && service[key] !== before[key]) {
        problem = problemOf(schema, service[key], [index, key]);
      }
    }
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
