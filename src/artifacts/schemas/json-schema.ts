// JSON Schema of a props schema, for the render tools a host declares (zod's toJSONSchema loads only with them).
import { z } from './common.js';

/** JSON Schema (draft 2020-12) of a props schema, without the noise a model does not need. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    override: (context) => {
      const node = context.jsonSchema as Record<string, unknown>;
      // The date-time regex is several hundred characters; `format` says the same.
      if (node.format === 'date-time') delete node.pattern;
      if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
