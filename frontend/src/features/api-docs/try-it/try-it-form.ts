import { isBinary, requestBodyOf, type Endpoint } from '../endpoints';
import type { JsonSchema } from '../openapi-schema';
import { displayValue, typeLabel } from '../parameters';

/** How the console asks for one request field. */
export type TryItFieldKind = 'file' | 'files' | 'number' | 'flag' | 'choice' | 'text' | 'list';

export interface TryItField {
  name: string;
  location: 'path' | 'query' | 'header' | 'body';
  kind: TryItFieldKind;
  required: boolean;
  /** The fixed values of a choice. */
  options: string[];
  /** What the form starts with: the sample for the main upload, a value that works with it for the fields it needs. */
  initial: string;
  min?: number;
  max?: number;
  /** For uploads: which of the portal's samples fits the field. */
  sample?: SampleKind;
  description?: string;
}

export type SampleKind = 'video' | 'audio';

export interface TryItForm {
  /** How the body travels: a multipart form (uploads), JSON, or none. */
  body: 'multipart' | 'json' | 'none';
  fields: TryItField[];
}

/**
 * Values that work with the portal's four-second samples. The docs' examples
 * use longer ones (a cut from 5 s for 10 s) that the samples cannot serve.
 */
export const TRY_IT_VALUES: Readonly<Record<string, string>> = { start: '0', duration: '2', w: '160', h: '90', x: '0', y: '0' };

/** Fields a run needs besides the required ones, by operationId, so the first click on Run works. */
const COMPANIONS: Readonly<Record<string, readonly string[]>> = { cut: ['start', 'duration'], crop: ['w', 'h'], redub: ['voice_file'], redub_tts: ['script'] };

/**
 * Fields the console leaves out: it follows the task itself (download would
 * redirect to a file the page cannot read across origins), a callback needs
 * a server of the user's, and metadata is an object of bracketed form names.
 */
const LEFT_OUT = new Set(['download', 'callback_url', 'metadata']);

const branchesOf = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [];

/** An audio field by name: the samples are a clip and a tone. */
const sampleFor = (name: string): SampleKind => (/voice|audio|^me_/.test(name) ? 'audio' : 'video');

function kindOf(schema: JsonSchema): { kind: TryItFieldKind; options: string[] } {
  if (isBinary(schema)) return { kind: 'file', options: [] };
  if (isBinary(schema.items)) return { kind: 'files', options: [] };
  const label = typeLabel(schema);
  if (label === 'boolean') return { kind: 'flag', options: ['true', 'false'] };
  const own = schema.enum ?? branchesOf(schema).flatMap((b) => b.enum ?? (b.const !== undefined ? [b.const] : []));
  if (own.length > 0 && branchesOf(schema).every((b) => b.enum !== undefined || b.const !== undefined)) return { kind: 'choice', options: own.map(displayValue) };
  if (schema.type === 'array') return { kind: 'list', options: [] };
  if (schema.type === 'number' || schema.type === 'integer') return { kind: 'number', options: [] };
  return { kind: 'text', options: [] };
}

function fieldOf(name: string, schema: JsonSchema, location: TryItField['location'], required: boolean, prefill: boolean, description?: string): TryItField {
  const { kind, options } = kindOf(schema);
  const field: TryItField = { name, location, kind, required, options, initial: '', description: description ?? schema.description };
  if (kind === 'file' || kind === 'files') field.sample = sampleFor(name);
  if (kind === 'number') {
    field.min = schema.minimum ?? schema.exclusiveMinimum;
    field.max = schema.maximum ?? schema.exclusiveMaximum;
  }
  if (prefill) field.initial = kind === 'file' || kind === 'files' ? 'sample' : (TRY_IT_VALUES[name] ?? (schema.default === undefined ? '' : displayValue(schema.default)));
  return field;
}

/** The console's form of one operation, from its OpenAPI description: parameters first, then the body's fields in the document's order. */
export function tryItFormOf(endpoint: Endpoint): TryItForm {
  const { operation } = endpoint;
  const declared = (operation.parameters ?? []).map((p) =>
    fieldOf(p.name, p.schema ?? {}, p.in === 'cookie' ? 'header' : p.in, p.required ?? p.in === 'path', Boolean(p.required ?? p.in === 'path') && p.in !== 'path', p.description),
  );
  const body = requestBodyOf(operation);
  if (!body) return { body: 'none', fields: declared };
  const properties = Object.entries(body.schema.properties ?? {}).filter(([name]) => !LEFT_OUT.has(name));
  const required = new Set(body.schema.required ?? []);
  const companions = new Set(COMPANIONS[operation.operationId ?? ''] ?? []);
  // The first upload field gets the sample, so the form runs as it opens; a URL or file_id is the user's choice.
  const firstUpload = properties.find(([, schema]) => isBinary(schema) || isBinary(schema.items))?.[0];
  const fields = properties.map(([name, schema]) => fieldOf(name, schema, 'body', required.has(name), name === firstUpload || required.has(name) || companions.has(name)));
  return { body: body.mediaType === 'multipart/form-data' ? 'multipart' : body.mediaType === 'application/json' ? 'json' : 'none', fields: [...declared, ...fields] };
}
