import * as z from 'zod';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

/** A query schema's fields as OpenAPI parameters: the docs say what the validation enforces. */
export function queryParametersOf(query: z.ZodType) {
  const schema = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: false, description, schema: rest };
  });
}
