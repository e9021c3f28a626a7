import type { JsonSchema, OpenApiDocument } from './openapi-schema';

/** The `error` object of `components.schemas.Error`: its fields and the codes it lists. */
export function errorShapeOf(doc: OpenApiDocument): { fields: [string, JsonSchema][]; codes: string[] } {
  const inner = doc.components?.schemas?.Error?.properties?.error;
  const fields = Object.entries(inner?.properties ?? {});
  const codes = (inner?.properties?.code?.examples ?? []).filter((code): code is string => typeof code === 'string');
  return { fields, codes };
}
