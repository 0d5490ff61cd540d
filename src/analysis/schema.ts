// The zod schema of the `services` key (loaded with the first run, after zod is configured jitless).
import '../zod-setup.js';
import { z } from 'zod/v4';

const finiteNonNegative = z.number().finite().min(0);

export const ServiceSchema = z.object({
  id: z.string().trim().min(1, 'Service ids must not be blank'),
  name: z.string(),
  series: z.enum(['Core', 'Platform']),
  volume: finiteNonNegative,
  latency: finiteNonNegative,
});

/**
 * Service objects and lists already found valid. State is never mutated (patches copy along their paths), so
 * what was valid once still is: a one-operation delta re-validates the one service it changed.
 */
const validServices = new WeakSet<object>();
const validLists = new WeakSet<readonly unknown[]>();

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

/**
 * Only the services that differ from a valid list of the same length, when none changed its id (the ids stay
 * unique then); undefined when that does not hold and the whole list needs checking.
 */
function changedProblem(
  list: readonly unknown[],
  base: readonly unknown[],
): string | null | undefined {
  let problem: string | null = null;
  for (let index = 0; index < list.length; index += 1) {
    const service = list[index];
    const before = base[index] as { id: string };
    if (service === before) continue;
    if (typeof service !== 'object' || service === null) return undefined;
    if ((service as { id?: unknown }).id !== before.id) return undefined;
    problem ??= serviceProblem(service, index);
  }
  return problem;
}

/** Null when the value is a valid services list, else a reason naming the path. `previous`: the last valid value. */
export function validateServices(value: unknown, previous?: unknown): string | null {
  if (!Array.isArray(value)) return issueText([], 'Expected an array of services');
  if (validLists.has(value)) return null;
  const base =
    Array.isArray(previous) && previous.length === value.length && validLists.has(previous)
      ? previous
      : null;
  const changed = base ? changedProblem(value, base) : undefined;
  const problem = changed === undefined ? listProblem(value) : changed;
  if (problem === null) validLists.add(value);
  return problem;
}
