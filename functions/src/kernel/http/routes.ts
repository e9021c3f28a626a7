import { PROCESSING_ROUTES } from '../contracts/processing-paths';
import { JOB_ENDPOINT, KEYED_READ, type Capability } from './function-access';

/**
 * The one route table. The local gateway serves it and the CDK stack builds
 * one Lambda function per entry from it, so both always agree.
 */

export type ApiId = 'portal' | 'product';

/** How a route is authenticated before its handler runs. */
export type RouteAuth = 'none' | 'cognito' | 'api-key';

export interface RouteDefinition {
  readonly api: ApiId;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway resource path, with `{param}` placeholders. */
  readonly path: string;
  readonly auth: RouteAuth;
  /** Handler module, `<api>/<name>`: the module `functions/src/features/<feature>/handlers/<api>/<name>.ts`, which exports `handler`. */
  readonly handler: string;
  /** Lambda timeout in seconds (API Gateway cuts requests at 29 s). */
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /** Native packages the function carries as installed modules (not bundled), built for x86_64. */
  readonly nativeModules?: readonly string[];
  /** What its function touches (`function-access.ts`): the CDK grants exactly this. */
  readonly access: readonly Capability[];
}

/** E-mails about an account's standing (a cancelled or past-due subscription, a deletion): the address, the time zone, a once-only mark. */
const ACCOUNT_NOTICES: readonly Capability[] = ['email:send', 'users:lookup', 'profiles:read', 'usage:write'];

export const routes: readonly RouteDefinition[] = [
  // Portal API (Cognito JWT)
  { api: 'portal', method: 'POST', path: '/generate-api-key', auth: 'cognito', handler: 'portal/generate-api-key', access: ['api-keys:write', 'secrets:seal', 'usage-plan-keys', 'subscriptions:read'] },
  { api: 'portal', method: 'GET', path: '/api-keys', auth: 'cognito', handler: 'portal/list-api-keys', access: ['api-keys:read'] },
  { api: 'portal', method: 'POST', path: '/api-keys/{id}/reveal', auth: 'cognito', handler: 'portal/reveal-api-key', access: ['api-keys:read', 'secrets:open'] },
  { api: 'portal', method: 'DELETE', path: '/api-keys/{id}', auth: 'cognito', handler: 'portal/revoke-api-key', access: ['api-keys:write', 'usage-plan-keys'] },
  { api: 'portal', method: 'PATCH', path: '/api-keys/{id}', auth: 'cognito', handler: 'portal/update-api-key', access: ['api-keys:write'] },
  // The new key gets its gateway twin in its plan, as a created key does; the old one is refused by the authorizer once expired.
  { api: 'portal', method: 'POST', path: '/api-keys/{id}/roll', auth: 'cognito', handler: 'portal/roll-api-key', access: ['api-keys:write', 'secrets:seal', 'usage-plan-keys', 'subscriptions:read'] },
  { api: 'portal', method: 'GET', path: '/api-logs', auth: 'cognito', handler: 'portal/list-api-logs', access: ['request-logs:read'] },
  { api: 'portal', method: 'GET', path: '/api-logs/{id}', auth: 'cognito', handler: 'portal/get-api-log', access: ['request-logs:read'] },
  // The signed-in user's own tasks, as the product API's task routes answer them (no key, nothing counted).
  { api: 'portal', method: 'GET', path: '/tasks', auth: 'cognito', handler: 'portal/list-tasks', access: ['jobs:read'] },
  { api: 'portal', method: 'GET', path: '/tasks/{id}', auth: 'cognito', handler: 'portal/get-task', access: ['jobs:read', 'media:read'] },
  { api: 'portal', method: 'POST', path: '/tasks/{id}/cancel', auth: 'cognito', handler: 'portal/cancel-task', access: ['jobs:read', 'jobs:write'] },
  // Queues one more delivery; the worker signs it, posts it and records the try on the task.
  { api: 'portal', method: 'POST', path: '/tasks/{id}/callback', auth: 'cognito', handler: 'portal/resend-callback', access: ['jobs:read', 'callbacks-queue:send'] },
  { api: 'portal', method: 'GET', path: '/stats', auth: 'cognito', handler: 'portal/get-usage-stats', access: ['api-keys:read', 'request-logs:read', 'usage:read'] },
  { api: 'portal', method: 'GET', path: '/auth/confirm', auth: 'none', handler: 'portal/confirm-sign-up', access: [] },
  { api: 'portal', method: 'GET', path: '/subscription', auth: 'cognito', handler: 'portal/get-subscription', access: ['subscriptions:read'] },
  { api: 'portal', method: 'POST', path: '/stripe-checkout', auth: 'cognito', handler: 'portal/stripe-checkout', access: ['subscriptions:read', 'subscriptions:write', 'stripe:api-key'] },
  { api: 'portal', method: 'POST', path: '/create-portal-session', auth: 'cognito', handler: 'portal/create-portal-session', access: ['subscriptions:read', 'subscriptions:write', 'stripe:api-key'] },
  { api: 'portal', method: 'GET', path: '/invoices', auth: 'cognito', handler: 'portal/list-invoices', access: ['subscriptions:read', 'stripe:api-key'] },
  { api: 'portal', method: 'GET', path: '/callback-secret', auth: 'cognito', handler: 'portal/get-callback-secret', access: ['callback-secrets'] },
  { api: 'portal', method: 'GET', path: '/profile', auth: 'cognito', handler: 'portal/get-profile', access: ['profiles:read'] },
  { api: 'portal', method: 'PUT', path: '/profile', auth: 'cognito', handler: 'portal/update-profile', access: ['profiles:read', 'profiles:write'] },
  { api: 'portal', method: 'PUT', path: '/preferences', auth: 'cognito', handler: 'portal/update-preferences', access: ['profiles:read', 'profiles:write'] },
  { api: 'portal', method: 'POST', path: '/profile-picture/upload', auth: 'cognito', handler: 'portal/create-picture-upload', access: ['profiles:read', 'pictures'] },
  { api: 'portal', method: 'POST', path: '/profile-picture/confirm', auth: 'cognito', handler: 'portal/confirm-picture', memoryMb: 1024, nativeModules: ['sharp'], access: ['profiles:read', 'profiles:write', 'pictures'] },
  { api: 'portal', method: 'DELETE', path: '/profile-picture', auth: 'cognito', handler: 'portal/delete-picture', access: ['profiles:read', 'profiles:write', 'pictures'] },
  // Deletes every store's share of the account: more than the default 10 s for a busy one (a retry finishes a longer one).
  { api: 'portal', method: 'DELETE', path: '/account', auth: 'cognito', handler: 'portal/delete-account', timeoutSeconds: 29, access: ['account:delete', 'stripe:api-key', 'usage-plan-keys', ...ACCOUNT_NOTICES] },
  // Stripe's webhook: no Cognito, its signature is checked on the raw body.
  { api: 'portal', method: 'POST', path: '/stripe/webhook', auth: 'none', handler: 'billing/stripe-webhook', access: ['subscriptions:read', 'subscriptions:write', 'webhook-events', 'api-keys:read', 'usage-plan-keys', 'stripe:api-key', 'stripe:webhook-secret', ...ACCOUNT_NOTICES] },
  // Product API (X-API-Key)
  { api: 'product', method: 'GET', path: '/healthz', auth: 'none', handler: 'product/healthz', access: [] },
  { api: 'product', method: 'GET', path: '/', auth: 'none', handler: 'product/api-root', access: [] },
  { api: 'product', method: 'GET', path: '/openapi.json', auth: 'none', handler: 'product/openapi', access: [] },
  { api: 'product', method: 'GET', path: '/account', auth: 'api-key', handler: 'product/account', access: KEYED_READ },
  // Processing endpoints wait up to ~25 s for download=1 and /frame/last, under API Gateway's 29 s; a dry run reads its inputs' headers with MediaInfoLib, as /probe does.
  ...PROCESSING_ROUTES.map(
    (route): RouteDefinition => ({
      api: 'product',
      method: 'POST',
      path: route.path,
      auth: 'api-key',
      handler: route.handler,
      timeoutSeconds: 29,
      memoryMb: 1024,
      nativeModules: ['mediainfo.js'],
      access: JOB_ENDPOINT,
    }),
  ),
  { api: 'product', method: 'GET', path: '/eleven/voices', auth: 'api-key', handler: 'product/voices', timeoutSeconds: 29, access: JOB_ENDPOINT },
  { api: 'product', method: 'POST', path: '/uploads', auth: 'api-key', handler: 'product/create-upload', access: [...KEYED_READ, 'uploads', 'media:write'] },
  { api: 'product', method: 'GET', path: '/uploads/{file_id}', auth: 'api-key', handler: 'product/get-upload', access: [...KEYED_READ, 'uploads', 'media:read', 'media:write', 'media:multipart'] },
  { api: 'product', method: 'POST', path: '/uploads/{file_id}/complete', auth: 'api-key', handler: 'product/complete-upload', access: [...KEYED_READ, 'uploads', 'media:write', 'media:multipart'] },
  { api: 'product', method: 'DELETE', path: '/uploads/{file_id}', auth: 'api-key', handler: 'product/abort-upload', access: [...KEYED_READ, 'uploads', 'media:write', 'media:multipart'] },
  { api: 'product', method: 'GET', path: '/file', auth: 'api-key', handler: 'product/get-file', access: [...KEYED_READ, 'jobs:read', 'media:read'] },
  // Media info from a file's headers (MediaInfoLib in WebAssembly, with its .wasm installed beside the bundle): a read that counts nothing.
  { api: 'product', method: 'POST', path: '/probe', auth: 'api-key', handler: 'product/probe', timeoutSeconds: 29, memoryMb: 1024, nativeModules: ['mediainfo.js'], access: [...KEYED_READ, 'jobs:read', 'uploads', 'media:read'] },
  { api: 'product', method: 'GET', path: '/tasks', auth: 'api-key', handler: 'product/list-tasks', access: [...KEYED_READ, 'jobs:read'] },
  { api: 'product', method: 'GET', path: '/task/{id}', auth: 'api-key', handler: 'product/get-task', timeoutSeconds: 29, access: [...KEYED_READ, 'jobs:read'] },
  // A read's keyed chain: canceling never counts against the per-minute allowance.
  { api: 'product', method: 'POST', path: '/task/{id}/cancel', auth: 'api-key', handler: 'product/cancel-task', access: [...KEYED_READ, 'jobs:read', 'jobs:write'] },
  { api: 'product', method: 'GET', path: '/task/{id}/download', auth: 'api-key', handler: 'product/download-task', timeoutSeconds: 29, access: [...KEYED_READ, 'jobs:read', 'media:read'] },
];

/** Functions that are not behind a route. */
export const standaloneFunctions = {
  /** Lambda authorizer of the product API. */
  apiKeyAuthorizer: 'product/authorizer',
  /** Cognito CustomMessage trigger: writes the verification and reset links. */
  customMessage: 'triggers/custom-message',
  /** Cognito pre token generation trigger: tells the old address when an account's address changed. */
  preTokenGeneration: 'triggers/pre-token-generation',
  /** The jobs table's change stream: an ended job's outcome on its requests' log rows. */
  taskOutcomes: 'streams/task-outcomes',
} as const;

/** What the standalone functions touch, as routes declare theirs. */
export const standaloneAccess: Readonly<Record<(typeof standaloneFunctions)[keyof typeof standaloneFunctions], readonly Capability[]>> = {
  // Resolves a key, its tier, and records its last use.
  'product/authorizer': ['api-keys:read', 'api-keys:touch', 'subscriptions:read'],
  // Renders e-mails from the event alone.
  'triggers/custom-message': [],
  // The address last seen per user (a mark in the usage counters), the time zone, the sender.
  'triggers/pre-token-generation': ['usage:write', 'profiles:read', 'email:send'],
  // Reads the jobs table's stream; updates log rows only; a failed task counts as an error in the usage counters.
  'streams/task-outcomes': ['jobs:stream', 'failed-changes-queue:send', 'request-logs:outcomes', 'usage:write'],
};

/** The capabilities of a handler's function, from its route or as a standalone function. */
export function accessOf(handler: string): readonly Capability[] {
  const route = routes.find((r) => r.handler === handler);
  if (route) return route.access;
  if (handler in standaloneAccess) return standaloneAccess[handler as keyof typeof standaloneAccess];
  throw new Error(`No function for handler ${handler}`);
}
