import * as z from 'zod';

/**
 * Request bodies of the OpenAPI document, from the zod schemas that validate
 * them. A body comes as multipart, urlencoded or JSON; only multipart can
 * carry a file, so the other two list every field but the uploads.
 */

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; format?: string };

/** The default a field takes when it is left out, as the docs write it: flags as 0/1, lists comma-separated. */
function documentedDefault(field: z.ZodType): unknown {
  if (!(field instanceof z.ZodDefault)) return undefined;
  const value: unknown = field.def.defaultValue;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return Array.isArray(value) ? value.join(',') : value;
}

/** The request's own object schema, under the refinements and the transform into the job contract. */
function objectOf(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  return undefined;
}

/** What a client sends: the input side of the schema, defaults included. */
export function inputSchema(schema: z.ZodType): JsonSchema {
  // A schema built on use is documented as the schema it builds.
  const built = schema instanceof z.ZodLazy ? (schema.unwrap() as z.ZodType) : schema;
  const json = z.toJSONSchema(built, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  // A default behind a transform (the 0/1 flags, the effect list) is lost in the input schema: it is put back.
  for (const [name, field] of Object.entries(objectOf(built)?.shape ?? {})) {
    const fallback = documentedDefault(field as z.ZodType);
    const property = json.properties?.[name];
    if (property && fallback !== undefined && property.default === undefined) property.default = fallback;
  }
  return json;
}

const isUpload = (property: JsonSchema): boolean => property.format === 'binary' || (property.items !== undefined && isUpload(property.items));

/** The same body without its file parts: what urlencoded and JSON bodies may hold. */
export function withoutUploads(schema: JsonSchema): JsonSchema {
  const uploads = Object.entries(schema.properties ?? {})
    .filter(([, property]) => isUpload(property))
    .map(([name]) => name);
  if (uploads.length === 0) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !uploads.includes(name)));
  const required = schema.required?.filter((name) => !uploads.includes(name));
  return { ...schema, properties, ...(required ? { required } : {}) };
}

/** A body in the three encodings the API reads, files in multipart only. */
export function formRequestBody(schema: z.ZodType, required: boolean) {
  const body = inputSchema(schema);
  const textOnly = withoutUploads(body);
  return {
    required,
    content: {
      'multipart/form-data': { schema: body },
      'application/x-www-form-urlencoded': { schema: textOnly },
      'application/json': { schema: textOnly },
    },
  };
}
