import { routes } from '@frameforge/functions/kernel/http/routes';
import { fieldsOf, PORTAL_CONTRACTS } from './portal-operations';
import type { SeededRandom } from './seeded-random';

/** The parts of the OpenAPI document the suite reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  default?: unknown;
  enum?: unknown[];
  [keyword: string]: unknown;
}
export interface DocResponse {
  description?: string;
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, unknown>;
}
export interface DocOperation {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, DocResponse>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
  components: Record<string, unknown>;
}

/** One operation as the fuzzer walks it, product or portal. */
export interface FuzzOperation {
  api: 'product' | 'portal';
  method: string;
  path: string;
  label: string;
  auth: 'api-key' | 'cognito' | 'none';
  body?: { fields: string[]; listFields: string[]; baseline: Record<string, unknown> };
  rawBody?: boolean;
  query: string[];
  pathParams: string[];
  headerParams: string[];
  /** At most this many requests (operations whose valid requests do real work). */
  cap?: number;
  reach?: 'auth-only';
}

/** An id of the right shape that names no upload: a request that passes validation ends as a 404 before any job exists. */
const absentUpload = (random: SeededRandom) => `upl_${random.alphanumeric(24)}`;

/** A request body each product endpoint accepts up to the upload look-up. */
function productBaseline(schema: JsonSchema, random: SeededRandom): Record<string, unknown> {
  const props = schema.properties ?? {};
  const baseline: Record<string, unknown> = {};
  for (const name of schema.required ?? []) baseline[name] = sample(props[name] ?? {});
  // The required inputs, each by a file_id (the input checks are refinements, so the schema's `required` does not list them).
  for (const name of ['file_id', 'video_file_id']) if (name in props) baseline[name] = absentUpload(random);
  if ('voice_file_id' in props && !('voice_id' in props)) baseline.voice_file_id = absentUpload(random);
  if ('file_ids' in props) baseline.file_ids = [absentUpload(random), absentUpload(random)];
  if ('voice_id' in props) baseline.voice_id = 'local-slt';
  if ('script' in props) baseline.script = 'Hello from the hostile suite.';
  if ('file_name' in props) Object.assign(baseline, { file_name: 'clip.mp4', content_type: 'video/mp4' });
  return baseline;
}

function sample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 16) : 16;
  if (type === 'boolean') return true;
  if (type === 'array') return [sample(schema.items ?? {})];
  return 'sample';
}

const bodySchemaOf = (operation: DocOperation): JsonSchema | undefined => {
  const content = operation.requestBody?.content ?? {};
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
};

/** The product operations, from the OpenAPI document the API serves. */
export function productOperations(document: OpenApiDocument, random: SeededRandom): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schema = bodySchemaOf(operation);
      const params = operation.parameters ?? [];
      const properties = schema?.properties ?? {};
      operations.push({
        api: 'product',
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        auth: operation.security?.length ? 'api-key' : 'none',
        ...(schema
          ? {
              body: {
                fields: Object.keys(properties),
                listFields: Object.entries(properties)
                  .filter(([, field]) => field.type === 'array')
                  .map(([name]) => name),
                baseline: productBaseline(schema, random),
              },
            }
          : {}),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        headerParams: params.filter((p) => p.in === 'header').map((p) => p.name),
        // Each valid voice-list request runs a short job on the worker.
        ...(operation.operationId === 'voices' ? { cap: 20 } : {}),
      });
    }
  }
  return operations;
}

/** The portal operations, from the route table and their zod contracts. */
export function portalOperations(): FuzzOperation[] {
  return routes
    .filter((route) => route.api === 'portal')
    .map((route) => {
      const label = `${route.method} ${route.path}`;
      const contract = PORTAL_CONTRACTS[label];
      if (!contract) throw new Error(`${label} has no contract in the hostile suite: add it to portal-operations.ts`);
      return {
        api: 'portal' as const,
        method: route.method,
        path: route.path,
        label,
        auth: route.auth === 'cognito' ? ('cognito' as const) : ('none' as const),
        ...(contract.body ? { body: { fields: fieldsOf(contract.body.schema), listFields: [], baseline: contract.body.baseline } } : {}),
        ...(contract.rawBody ? { rawBody: true } : {}),
        query: [...(contract.query ?? [])],
        pathParams: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
        headerParams: [],
        ...(contract.reach ? { reach: contract.reach } : {}),
      };
    });
}
