import { isBinary, requestBodyOf, type Endpoint } from '../endpoints';
import type { ApiResponse, JsonSchema } from '../openapi-schema';
import { COMPANION_FIELDS, sampleFileName, sampleUrl, sampleValue } from './sample-values';

/** A form field of an example: a text value, or a local file to upload. */
export interface FormField {
  name: string;
  value: string;
  file: boolean;
}

export type ExampleBody = { kind: 'none' } | { kind: 'form'; fields: FormField[] } | { kind: 'json'; value: Record<string, unknown> };

/** What the example does with the answer: print it, or save the file it is. */
export type AnswerKind = { kind: 'json' } | { kind: 'text' } | { kind: 'file'; saveAs: string } | { kind: 'imageOrJson'; saveAs: string };

/** One request, independent of the language it is written in. */
export interface ExampleRequest {
  /** The operationId: the JavaScript example calls the SDK's method for it. */
  operationId: string;
  method: string;
  /** The API's base URL, and the whole URL of this request. */
  baseUrl: string;
  url: string;
  /** The path and required query parameters in the URL, by name. */
  params: [string, string][];
  /** A processing request: it answers a task (202) to wait for. */
  accepted: boolean;
  headers: [string, string][];
  body: ExampleBody;
  answer: AnswerKind;
}

export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

const isUrlField = (schema: JsonSchema | undefined): boolean => schema?.format === 'uri';
const isInput = (schema: JsonSchema): boolean => isBinary(schema) || isUrlField(schema) || isBinary(schema.items) || isUrlField(schema.items);

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The form of a processing request: its first input (lists get two), what it needs besides, and `download=0`. */
function formFields(operationId: string | undefined, schema: JsonSchema): FormField[] {
  const properties = schema.properties ?? {};
  const fields: FormField[] = [];
  const add = (name: string) => {
    const property = properties[name];
    if (!property || fields.some((field) => field.name === name)) return;
    if (isBinary(property)) fields.push({ name, value: sampleFileName(name), file: true });
    else if (isBinary(property.items)) [0, 1].forEach((i) => fields.push({ name, value: sampleFileName(name, i), file: true }));
    else if (isUrlField(property.items)) [0, 1].forEach((i) => fields.push({ name, value: sampleUrl(name, i), file: false }));
    else if (isUrlField(property)) fields.push({ name, value: sampleUrl(name), file: false });
    else fields.push({ name, value: asText(sampleValue(name, property)), file: false });
  };
  const firstInput = Object.entries(properties).find(([, property]) => isInput(property));
  if (firstInput) add(firstInput[0]);
  for (const name of COMPANION_FIELDS[operationId ?? ''] ?? []) add(name);
  for (const name of schema.required ?? []) add(name);
  // The examples show the usual flow: the task at once (202), then its status_url.
  if (properties.download) fields.push({ name: 'download', value: '0', file: false });
  return fields;
}

/** A form from the document's own example: lists repeat, `@name` values are files. */
function formFromExample(example: Record<string, unknown>): FormField[] {
  return Object.entries(example).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => {
      const text = asText(item);
      return text.startsWith('@') ? { name, value: text.slice(1), file: true } : { name, value: text, file: false };
    }),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function bodyOf(endpoint: Endpoint): ExampleBody {
  const body = requestBodyOf(endpoint.operation);
  if (!body) return { kind: 'none' };
  if (body.mediaType === 'application/json') {
    if (isRecord(body.example)) return { kind: 'json', value: body.example };
    const entries = Object.entries(body.schema.properties ?? {}).map(([name, schema]) => [name, sampleValue(name, schema)]);
    return { kind: 'json', value: Object.fromEntries(entries) };
  }
  return { kind: 'form', fields: isRecord(body.example) ? formFromExample(body.example) : formFields(endpoint.operation.operationId, body.schema) };
}

function answerOf(responses: Record<string, ApiResponse>): AnswerKind {
  const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
  const types = success.flatMap(([, response]) => Object.keys(response.content ?? {}));
  const image = types.find((type) => type.startsWith('image/'));
  if (image) return { kind: 'imageOrJson', saveAs: `frame.${image === 'image/jpeg' ? 'jpg' : image.slice('image/'.length)}` };
  if (types.length === 0 && Object.keys(responses).some((status) => status === '302')) return { kind: 'file', saveAs: 'output.mp4' };
  if (types.length > 0 && types.every((type) => type.startsWith('text/'))) return { kind: 'text' };
  return { kind: 'json' };
}

function urlOf(baseUrl: string, endpoint: Endpoint): { url: string; params: [string, string][] } {
  const parameters = endpoint.operation.parameters ?? [];
  const params: [string, string][] = [];
  const encode = (value: unknown) => encodeURIComponent(asText(value)).replace(/%2F/gi, '/');
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const declared = parameters.find((p) => p.in === 'path' && p.name === name);
    const value = sampleValue(name, declared?.schema ?? {});
    params.push([name, asText(value)]);
    return encode(value);
  });
  const query = parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => {
      const value = sampleValue(p.name, p.schema ?? {});
      params.push([p.name, asText(value)]);
      return `${encodeURIComponent(p.name)}=${encode(value)}`;
    });
  return { url: `${baseUrl}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`, params };
}

/** The example request of one endpoint against `baseUrl`, always with the key header (the placeholder unless a key is given). */
export function exampleRequestOf(endpoint: Endpoint, baseUrl: string, apiKey = API_KEY_PLACEHOLDER): ExampleRequest {
  const headers: [string, string][] = [['X-API-Key', apiKey]];
  for (const parameter of endpoint.operation.parameters ?? []) {
    if (parameter.in === 'header' && parameter.required) headers.push([parameter.name, asText(sampleValue(parameter.name, parameter.schema ?? {}))]);
  }
  return {
    operationId: endpoint.operation.operationId ?? '',
    method: endpoint.method.toUpperCase(),
    baseUrl,
    ...urlOf(baseUrl, endpoint),
    accepted: endpoint.method === 'post' && '202' in endpoint.operation.responses,
    headers,
    body: bodyOf(endpoint),
    answer: answerOf(endpoint.operation.responses),
  };
}
