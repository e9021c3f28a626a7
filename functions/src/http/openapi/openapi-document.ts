import { z } from 'zod';
import { JOB_ENDPOINTS, type JobEndpoint } from '../../contracts/product-endpoints';
import { PLANS } from '../../contracts/plans';
import { createUploadSchema } from '../../contracts/requests/upload-request';
import { components, jobErrors, keyedErrors, rateLimitHeaders } from './openapi-components';

/**
 * The OpenAPI 3.1 description of the product API, generated from the same
 * zod schemas that validate requests, so the reference cannot drift from
 * what the API accepts. `x-plans` carries each endpoint's plan rules for the
 * docs page.
 */

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

const inputSchema = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };
  delete json.$schema;
  // A default behind a transform (the 0/1 flags, the effect list) is lost in the input schema: it is put back.
  for (const [name, field] of Object.entries(objectOf(schema)?.shape ?? {})) {
    const fallback = documentedDefault(field as z.ZodType);
    const property = json.properties?.[name];
    if (property && fallback !== undefined && property.default === undefined) property.default = fallback;
  }
  return json;
};

const security = [{ ApiKey: [] }];
const json = (schema: unknown) => ({ 'application/json': { schema } });

function jobOperation(endpoint: JobEndpoint) {
  const body = inputSchema(endpoint.schema);
  const accepted = { description: 'Accepted: the task runs; poll status_url.', headers: rateLimitHeaders, content: json({ $ref: '#/components/schemas/Accepted' }) };
  const result =
    endpoint.answers === 'image'
      ? { '200': { description: 'The frame, when the task ends within about 25 s (X-Task-Id names it).', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } } }
      : { '303': { description: 'With download=1: the result is ready; Location is a short-lived signed URL.' } };
  return {
    post: {
      operationId: endpoint.type,
      summary: endpoint.summary,
      security,
      parameters: [
        { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Retrying with the same key and body answers the first task (kept 24 h).' },
      ],
      requestBody: { required: true, content: { 'multipart/form-data': { schema: body }, 'application/x-www-form-urlencoded': { schema: body }, 'application/json': { schema: body } } },
      responses: { ...result, '202': accepted, ...jobErrors },
      'x-plans': {
        beta: endpoint.beta ?? false,
        rules: endpoint.tierRules.map((rule) => ({ param: rule.param, feature: rule.feature, min_tier: rule.minTier, scope: rule.scope })),
      },
    },
  };
}

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, unknown> = {
    '/healthz': { get: { operationId: 'healthz', summary: 'Liveness: answers ok.', responses: { '200': { description: 'ok', content: { 'text/plain': { schema: { const: 'ok' } } } } } } },
    '/': { get: { operationId: 'index', summary: 'The API name and its endpoints.', responses: { '200': { description: 'The index.', content: json({ type: 'object' }) } } } },
    '/openapi.json': { get: { operationId: 'openapi', summary: 'This document.', responses: { '200': { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) } } } },
    '/account': { get: { operationId: 'account', summary: "The calling key's plan and limits.", security, responses: { '200': { description: 'The account.', headers: rateLimitHeaders, content: json({ type: 'object' }) }, ...keyedErrors } } },
  };
  for (const endpoint of JOB_ENDPOINTS) paths[endpoint.path] = jobOperation(endpoint);
  Object.assign(paths, {
    '/eleven/voices': {
      get: {
        operationId: 'voices',
        summary: 'Voices for redub_tts and redub_vc: ElevenLabs voices with your X-ElevenLabs-Key, the built-in voices without.',
        security,
        parameters: [{ name: 'X-ElevenLabs-Key', in: 'header', required: false, schema: { type: 'string' } }],
        responses: { '200': { description: 'The voices.', content: json({ type: 'object', properties: { voices: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, voice_id: { type: 'string' } } } } } }) }, ...jobErrors },
      },
    },
    '/uploads': {
      post: {
        operationId: 'create_upload',
        summary: 'A presigned PUT for a large input, and the file_id to use it in any endpoint (yours only, 24 h).',
        security,
        requestBody: { required: false, content: json(inputSchema(createUploadSchema)) },
        responses: { '201': { description: 'PUT the file to upload_url with the given headers, then send file_id.', content: json({ type: 'object' }) }, ...keyedErrors },
      },
    },
    '/task/{id}': {
      get: {
        operationId: 'get_task',
        summary: 'A task: status, progress 0-100, timings, error, output and callback attempts.',
        security,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': { description: 'The task.', content: json({ $ref: '#/components/schemas/Task' }) }, '404': { description: 'Not one of your tasks.' }, ...keyedErrors },
      },
    },
    '/task/{id}/download': {
      get: {
        operationId: 'download_task',
        summary: 'Redirects to a short-lived signed URL of the output.',
        security,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '302': { description: 'The output.' }, '404': { description: 'Not one of your tasks.' }, '409': { description: 'Not completed yet.' }, ...keyedErrors },
      },
    },
    '/file': {
      get: {
        operationId: 'get_file',
        summary: 'One of your output files by its storage path (outputs/…); any other path is 404.',
        security,
        parameters: [{ name: 'path', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '302': { description: 'The file.' }, '404': { description: 'Not one of your outputs.' }, ...keyedErrors },
      },
    },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'FrameForge API',
      version: '1.0.0',
      description: 'Video and audio processing on FFmpeg. Authenticate every call with the X-API-Key header.',
    },
    servers: [{ url: serverUrl }],
    'x-plans': PLANS.map((plan) => ({ tier: plan.tier, name: plan.name, requests_per_minute: plan.requestsPerMinute })),
    paths,
    components,
  };
}
