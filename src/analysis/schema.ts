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

export const ServicesSchema = z.array(ServiceSchema).superRefine((services, context) => {
  const seen = new Set<string>();
  services.forEach((service, index) => {
    if (seen.has(service.id)) {
      context.addIssue({
        code: 'custom',
        message: `Duplicate service id "${service.id}"`,
        path: [index, 'id'],
      });
    }
    seen.add(service.id);
  });
});

/** Null when the value is a valid services list, else a reason naming the path. */
export function validateServices(value: unknown): string | null {
  const result = ServicesSchema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return 'services: invalid';
  const path = ['services', ...issue.path.map(String)].join('.');
  return `${path}: ${issue.message}`;
}
