import { HTTP_METHODS, type HttpMethod, type JsonSchema, type MediaType, type OpenApiDocument, type Operation } from './openapi-schema';

/** One accordion item: an operation at a path. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  operation: Operation;
}

/** Every operation of the document, in the document's order. */
export function endpointsOf(doc: OpenApiDocument): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method, path, operation }] : [];
    }),
  );
}

/** The server every example talks to; the portal's own setting when the document names none. */
export function baseUrlOf(doc: OpenApiDocument, fallback: string): string {
  return (doc.servers[0]?.url ?? fallback).replace(/\/+$/, '');
}

/** Multipart first: it is the only body that can carry an upload, and so the one the examples use. */
const BODY_PREFERENCE = ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'];

export interface RequestBody {
  mediaType: string;
  schema: JsonSchema;
  example: unknown;
}

export function requestBodyOf(operation: Operation): RequestBody | undefined {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  const mediaType = BODY_PREFERENCE.find((type) => content[type]) ?? Object.keys(content)[0];
  if (!mediaType) return undefined;
  const entry: MediaType | undefined = content[mediaType];
  return { mediaType, schema: entry?.schema ?? {}, example: entry?.example };
}

/** The last segment of a local `$ref`, e.g. `Task` for `#/components/schemas/Task`. */
export function refName(schema: JsonSchema | undefined): string | undefined {
  return schema?.$ref?.split('/').pop();
}

/** A file part: an upload field, or the items of a list of uploads. */
export const isBinary = (schema: JsonSchema | undefined): boolean => schema?.format === 'binary';
