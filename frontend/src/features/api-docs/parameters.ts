import { requestBodyOf, type Endpoint } from './endpoints';
import type { JsonSchema } from './openapi-schema';

/** A limit on a parameter, worded by the page in the reader's language. */
export type Constraint =
  | { kind: 'range'; min?: number; max?: number; exclusiveMin?: number; exclusiveMax?: number }
  | { kind: 'length'; min?: number; max?: number }
  | { kind: 'items'; min?: number; max?: number }
  | { kind: 'pattern'; pattern: string };

export interface ParameterRow {
  name: string;
  location: 'body' | 'path' | 'query' | 'header' | 'cookie';
  type: string;
  required: boolean;
  description?: string;
  /** Shown as written; absent when the document gives none. */
  defaultValue?: string;
  values: string[];
  constraints: Constraint[];
}

const branchesOf = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [];

/** A flag: true/false, or one of the fixed values that mean the same ('1', 'on', 0…), as a form field carries them. */
function isFlag(schema: JsonSchema): boolean {
  const branches = branchesOf(schema);
  return branches.some((b) => b.type === 'boolean') && branches.every((b) => b.type === 'boolean' || b.const !== undefined || Array.isArray(b.enum));
}

export function typeLabel(schema: JsonSchema): string {
  if (isFlag(schema)) return 'boolean';
  const branches = branchesOf(schema);
  if (branches.length > 0) return [...new Set(branches.map(typeLabel))].join(' | ');
  if (schema.format === 'binary') return 'file';
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0 && schema.const !== undefined) types.push(typeof schema.const);
  if (types.length === 0 && schema.enum) types.push(...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value))));
  const label = types
    .map((type) => (type === 'array' ? `${schema.items ? typeLabel(schema.items) : 'any'}[]` : type))
    .join(' | ');
  if (!label) return schema.$ref?.split('/').pop() ?? 'any';
  return schema.format && !types.includes('array') ? `${label} (${schema.format})` : label;
}

export function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(displayValue).join(',');
  return JSON.stringify(value) ?? String(value);
}

function valuesOf(schema: JsonSchema): string[] {
  const own = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (own) return own.map(displayValue);
  if (schema.items) return valuesOf(schema.items);
  return [...new Set(branchesOf(schema).flatMap(valuesOf))];
}

function constraintsOf(schema: JsonSchema): Constraint[] {
  const found: Constraint[] = [];
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, minItems, maxItems, pattern } = schema;
  if ([minimum, maximum, exclusiveMinimum, exclusiveMaximum].some((n) => n !== undefined)) {
    found.push({ kind: 'range', min: minimum, max: maximum, exclusiveMin: exclusiveMinimum, exclusiveMax: exclusiveMaximum });
  }
  if (minLength !== undefined || maxLength !== undefined) found.push({ kind: 'length', min: minLength, max: maxLength });
  if (minItems !== undefined || maxItems !== undefined) found.push({ kind: 'items', min: minItems, max: maxItems });
  if (pattern !== undefined) found.push({ kind: 'pattern', pattern });
  // A list's items carry their own limits (the length of each URL, say).
  if (schema.items) found.push(...constraintsOf(schema.items).filter((c) => c.kind !== 'items'));
  return found;
}

function descriptionOf(schema: JsonSchema): string | undefined {
  return schema.description ?? schema.items?.description ?? branchesOf(schema).find((b) => b.description)?.description;
}

function rowOf(name: string, schema: JsonSchema, location: ParameterRow['location'], required: boolean, description?: string): ParameterRow {
  return {
    name,
    location,
    type: typeLabel(schema),
    required,
    description: description ?? descriptionOf(schema),
    defaultValue: schema.default === undefined ? undefined : displayValue(schema.default),
    values: valuesOf(schema),
    constraints: constraintsOf(schema),
  };
}

/** Every request parameter: path, query and header parameters first, then the body's fields in the document's order. */
export function parametersOf(endpoint: Endpoint): ParameterRow[] {
  const declared = (endpoint.operation.parameters ?? []).map((p) => rowOf(p.name, p.schema ?? {}, p.in, p.required ?? p.in === 'path', p.description));
  const body = requestBodyOf(endpoint.operation)?.schema;
  const required = new Set(body?.required ?? []);
  const fields = Object.entries(body?.properties ?? {}).map(([name, schema]) => rowOf(name, schema, 'body', required.has(name)));
  return [...declared, ...fields];
}
