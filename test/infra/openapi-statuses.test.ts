import Ajv2020 from 'ajv/dist/2020';
import { JOB_ENDPOINTS } from '@frameforge/functions/features/jobs/contracts/product-endpoints';
import { PROCESSING_ROUTES } from '@frameforge/functions/kernel/contracts/processing-paths';
import {
  AuthenticationError,
  ConflictError,
  IdempotencyError,
  JobFailedError,
  NotFoundError,
  PayloadTooLargeError,
  PlanRequiredError,
  RateLimitedError,
  TaskEndedError,
  UnfitInputError,
  UnreadableMediaError,
  UpstreamError,
  ValidationError,
  type AppError,
} from '@frameforge/functions/kernel/domain/errors';
import { toHttpFailure } from '@frameforge/functions/kernel/http/errors';
import { gatewayResponse, type GatewayResponseKind } from '@frameforge/functions/kernel/http/gateway-responses';
import { openApiDocument } from '@frameforge/functions/features/docs/openapi/openapi-document';
import { routes, type RouteDefinition } from '@frameforge/functions/kernel/http/routes';

/**
 * Every status the product API can answer, per route of the route table, is
 * in the OpenAPI document with its JSON error body, and nothing else is.
 * What each handler can answer is written here from reading it, as its
 * success statuses and the typed errors it (or its middlewares) throws; the
 * one error mapping turns those into statuses. The gateway adds its own
 * answers by the route's authentication.
 */

interface Answers {
  success: number[];
  errors: AppError[];
}

const revokedKey = new AuthenticationError('revoked');
const jobFailed = new JobFailedError({ code: 'processing_failed', message: 'failed', param: null, hint: null }, 'task');
const rateLimited = new RateLimitedError('limit', 30);
const queueDown = new UpstreamError('queue');

const jobAnswers = (answers: 'task' | 'image'): Answers => ({
  // A dry run answers its plan with a 200 on every processing endpoint.
  success: answers === 'image' ? [200, 202] : [200, 202, 303],
  errors: [
    new ValidationError('bad field'),
    revokedKey,
    new PlanRequiredError('higher plan'),
    new NotFoundError('file_id not yours'),
    new ConflictError('upload without its file'),
    new IdempotencyError('idempotency_key_reused', 'reused'),
    new PayloadTooLargeError('file over the body limit'),
    jobFailed,
    new UnfitInputError('crop_out_of_bounds', 'outside the frame'),
    new UnreadableMediaError('no media'),
    rateLimited,
    queueDown,
  ],
});

const HANDLERS: Record<string, Answers> = {
  'product/healthz': { success: [200], errors: [] },
  'product/api-root': { success: [200], errors: [] },
  'product/openapi': { success: [200], errors: [] },
  'product/account': { success: [200], errors: [revokedKey] },
  'product/voices': { success: [200, 202], errors: [new ValidationError('X-ElevenLabs-Key'), revokedKey, jobFailed, rateLimited, queueDown] },
  'product/create-upload': { success: [201], errors: [new ValidationError('field'), new PayloadTooLargeError('size over the plan'), revokedKey] },
  'product/get-upload': { success: [200], errors: [new ValidationError('part_numbers'), new NotFoundError('upload'), revokedKey] },
  'product/complete-upload': {
    success: [200],
    errors: [new ValidationError('parts'), new NotFoundError('upload'), new ConflictError('aborted'), new PayloadTooLargeError('parts over the plan'), revokedKey],
  },
  'product/abort-upload': { success: [200], errors: [new NotFoundError('upload'), new ConflictError('completed'), revokedKey] },
  'product/list-tasks': { success: [200], errors: [new ValidationError('status'), revokedKey] },
  'product/get-task': { success: [200], errors: [new ValidationError('wait'), new NotFoundError('task'), revokedKey] },
  'product/cancel-task': { success: [200], errors: [new NotFoundError('task'), new TaskEndedError('ended'), revokedKey] },
  'product/download-task': { success: [302], errors: [new NotFoundError('task'), new ConflictError('not completed'), revokedKey] },
  'product/get-file': { success: [302], errors: [new ValidationError('path'), new NotFoundError('file'), revokedKey] },
  'product/probe': {
    success: [200],
    errors: [new ValidationError('file_id or url'), new NotFoundError('file_id'), new ConflictError('upload not complete'), new PayloadTooLargeError('upload over the plan'), new UnreadableMediaError('no media'), revokedKey],
  },
  ...Object.fromEntries(JOB_ENDPOINTS.map((endpoint) => [PROCESSING_ROUTES.find((route) => route.path === endpoint.path)?.handler, jobAnswers(endpoint.answers)])),
};

/** What API Gateway answers before or around any handler: size, throttle, time, a crash; for keyed routes no key or no subscription. */
function gatewayKinds(route: RouteDefinition): GatewayResponseKind[] {
  const always: GatewayResponseKind[] = ['too-large', 'throttled', 'timeout', 'integration-failure'];
  return route.auth === 'api-key' ? [...always, 'unauthorized', 'access-denied'] : always;
}

/** Server errors are documented as one range; anything unexpected is a 500. */
const documentedAs = (status: number) => (status >= 500 ? '5XX' : String(status));

function expectedStatuses(route: RouteDefinition): string[] {
  const answers = HANDLERS[route.handler];
  if (!answers) throw new Error(`No expected answers written for ${route.handler}: read its handler and add them here`);
  const statuses = [
    ...answers.success,
    ...answers.errors.map((error) => toHttpFailure(error).status),
    500,
    ...gatewayKinds(route).map((kind) => gatewayResponse('product', kind).status),
  ];
  return [...new Set(statuses.map(documentedAs))].sort();
}

interface DocResponse {
  headers?: Record<string, { required?: boolean; schema?: unknown }>;
  content?: Record<string, { schema?: unknown }>;
}
const document = openApiDocument('https://api.example.test');
const paths = document.paths as unknown as Record<string, Record<string, { responses: Record<string, DocResponse> }>>;
const productRoutes = routes.filter((route) => route.api === 'product');
const label = (route: RouteDefinition) => `${route.method} ${route.path}`;
const responsesOf = (route: RouteDefinition) => paths[route.path]?.[route.method.toLowerCase()]?.responses ?? {};

describe('the statuses of the OpenAPI document', () => {
  it('has one operation per product route, and no other', () => {
    const documented = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(productRoutes.map(label).sort());
  });

  it.each(productRoutes.map((route) => [label(route), route] as const))('%s: lists every status it can answer, and only those', (_label, route) => {
    expect(Object.keys(responsesOf(route)).sort()).toEqual(expectedStatuses(route));
  });

  it.each(productRoutes.map((route) => [label(route), route] as const))('%s: gives every error its JSON body, and every 429 a Retry-After', (_label, route) => {
    for (const [status, response] of Object.entries(responsesOf(route))) {
      if (!/^[45]/.test(status)) continue;
      expect([status, response.content?.['application/json']?.schema]).toEqual([status, { $ref: '#/components/schemas/Error' }]);
    }
    expect(responsesOf(route)['429']?.headers?.['Retry-After']).toMatchObject({ required: true, schema: { type: 'integer' } });
  });

  it("documents the gateway's own error bodies as they are sent", () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'openapi', components: document.components });
    const validate = ajv.compile({ $ref: 'openapi#/components/schemas/Error' });
    const kinds: GatewayResponseKind[] = ['unauthorized', 'access-denied', 'not-found', 'too-large', 'throttled', 'timeout', 'integration-failure'];
    for (const kind of kinds) {
      const { body } = gatewayResponse('product', kind);
      expect([kind, validate(body), ajv.errorsText(validate.errors)]).toEqual([kind, true, 'No errors']);
    }
  });
});
