import { JOB_ENDPOINTS, type JobEndpoint } from '../../jobs/contracts/product-endpoints';
import { PLANS } from '../../../kernel/contracts/plans';
import { VOICE_KEY_DESCRIPTION } from '../../jobs/contracts/voices';
import { needsVoice } from '../../jobs/domain/voices/known-voice';
import { formRequestBody } from './openapi-bodies';
import { components } from './openapi-components';
import { dryRunResponse, dryRunSchemas } from './openapi-dry-run';
import { limitsDescription } from './openapi-limits';
import { KEYED, otherOperations } from './openapi-operations';
import { probeOperations, probeSchemas } from './openapi-probe';
import { commonErrors, jobErrors, rateLimitHeaders } from './openapi-responses';
import { taskListSchemas } from './openapi-task-list';
import { webhooks, webhookSchemas } from './openapi-webhooks';

/**
 * The OpenAPI 3.1 description of the product API, generated from the same
 * zod schemas that validate requests, so the reference cannot drift from
 * what the API accepts. Every status an operation can answer is listed, the
 * gateway's own answers included. `x-plans` carries each endpoint's plan
 * rules for the docs page; `webhooks` describes the signed callbacks a task
 * sends to its `callback_url`.
 */

const json = (schema: unknown) => ({ 'application/json': { schema } });

function jobOperation(endpoint: JobEndpoint) {
  const accepted = {
    description: 'Accepted: the task runs; poll status_url.',
    headers: {
      Location: { description: "The task's URL.", schema: { type: 'string' } },
      'Retry-After': { description: 'Seconds until polling the task is worth it.', schema: { type: 'integer', minimum: 1 } },
      ...rateLimitHeaders,
    },
    content: json({ $ref: '#/components/schemas/Accepted' }),
  };
  const result =
    endpoint.answers === 'image'
      ? { '200': dryRunResponse(true) }
      : { '200': dryRunResponse(false), '303': { description: 'With download=1: the result is ready; Location is a short-lived signed URL.' } };
  return {
    post: {
      operationId: endpoint.type,
      summary: endpoint.summary,
      security: KEYED,
      parameters: [
        { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Retrying with the same key and body answers the first task (kept 24 h).' },
        ...(needsVoice(endpoint.type, []) ? [{ name: 'X-ElevenLabs-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 200 }, description: VOICE_KEY_DESCRIPTION }] : []),
      ],
      requestBody: formRequestBody(endpoint.schema, true),
      responses: { ...result, '202': accepted, ...commonErrors('job'), ...jobErrors },
      'x-plans': {
        beta: endpoint.beta ?? false,
        rules: endpoint.tierRules.map((rule) => ({ param: rule.param, feature: rule.feature, min_tier: rule.minTier, scope: rule.scope })),
      },
    },
  };
}

/** Status codes in ascending order, ranges after the codes they cover, as readers expect. */
function sortedResponses(responses: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, { responses: Record<string, unknown> }>> = {};
  const { '/healthz': healthz, '/': index, '/openapi.json': openapi, '/account': account, ...rest } = otherOperations;
  Object.assign(paths, { '/healthz': healthz, '/': index, '/openapi.json': openapi, '/account': account });
  for (const endpoint of JOB_ENDPOINTS) paths[endpoint.path] = jobOperation(endpoint);
  Object.assign(paths, rest, probeOperations);
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) operation.responses = sortedResponses(operation.responses);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'FrameForge API',
      version: '1.0.0',
      description: `Video and audio processing on FFmpeg. Authenticate every call with the X-API-Key header.\n\n${limitsDescription}`,
    },
    servers: [{ url: serverUrl }],
    security: KEYED,
    'x-plans': PLANS.map((plan) => ({ tier: plan.tier, name: plan.name, requests_per_minute: plan.requestsPerMinute })),
    paths,
    webhooks,
    components: { ...components, schemas: { ...components.schemas, ...taskListSchemas, ...probeSchemas, ...dryRunSchemas, ...webhookSchemas } },
  };
}
