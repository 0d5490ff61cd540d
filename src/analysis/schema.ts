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
 * Service objects already found valid. State is never mutated (patches copy along their paths), so an
 * object seen before is still valid: a one-operation delta re-validates one service, not all of them.
 */
const validServices = new WeakSet<object>();

function issueText(path: readonly PropertyKey[], message: string): string {
  return `${['services', ...path.map(String)].join('.')}: ${message}`;
}

/** Null when the value is a valid services list, else a reason naming the path. */
export function validateServices(value: unknown): string | null {
  if (!Array.isArray(value)) return issueText([], 'Expected an array of services');
  const seen = new Set<string>();
  for (let index = 0; index < value.length; index += 1) {
    const service: unknown = value[index];
    if (typeof service !== 'object' || service === null || !validServices.has(service)) {
      const result = ServiceSchema.safeParse(service);
      if (!result.success) {
        const issue = result.error.issues[0];
        return issueText([index, ...(issue?.path ?? [])], issue?.message ?? 'Invalid service');
      }
      validServices.add(service as object);
    }
    const id = (service as { id: string }).id;
    if (seen.has(id)) return issueText([index, 'id'], `Duplicate service id "${id}"`);
    seen.add(id);
  }
  return null;
}
