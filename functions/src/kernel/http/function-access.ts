import type { ConfigName } from '../config/env';

/**
 * What a Lambda function touches, declared beside its route in the route
 * table. The CDK turns each capability into the narrowest IAM statements it
 * can (named actions on this stack's own tables, indexes, buckets, queue,
 * key, secrets, pool, plans and sending identity), and a test prints the
 * table and refuses a public function any data, secret or key action.
 */
export const CAPABILITIES = {
  'api-keys:read': 'look keys up (by hash, by owner)',
  'api-keys:write': 'create, rename, expire, roll, revoke and re-tier keys',
  'api-keys:touch': "record a key's last use (one attribute, by update only)",
  'secrets:seal': 'seal a secret at rest (a data key from KMS, never to open)',
  'secrets:open': "open a sealed secret for its owner (a key's reveal)",
  'usage-plan-keys': "mirror keys into this stack's usage plans",
  'subscriptions:read': 'read customers, subscriptions and roles (a tier)',
  'subscriptions:write': 'write customers and subscriptions',
  'webhook-events': "remember Stripe's processed event ids",
  'stripe:api-key': "call Stripe's API with the secret key",
  'stripe:webhook-secret': "verify Stripe's webhook signatures",
  'jobs:read': 'read jobs and their queue places',
  'jobs:write': 'create and update jobs',
  uploads: 'record and resolve uploads',
  idempotency: 'claim Idempotency-Key values',
  'usage:read': 'read usage counters (the dashboard)',
  'usage:write': 'count requests in rate windows and usage buckets',
  'request-logs:read': 'read request logs (the logs page)',
  'request-logs:write': 'write one log per keyed request',
  'request-logs:outcomes': "put an ended task's outcome on its requests' log rows (by update only)",
  'jobs:stream': "read the jobs table's change stream (granted with its event source)",
  'failed-changes-queue:send': 'send a stream change given up after its retries to its queue (granted with its event source)',
  'callback-secrets': 'make and read the callback signing secret',
  'profiles:read': 'read profiles and preferences',
  'profiles:write': 'write profiles and preferences',
  pictures: 'sign uploads of, read, write and delete profile pictures',
  'media:read': 'read and sign downloads of media',
  'media:write': 'store inputs and sign their uploads',
  'media:multipart': 'list the parts of, and abort, multipart uploads of inputs',
  'media-queue:send': 'enqueue media jobs',
  'callbacks-queue:send': "queue a task's callback delivery (the portal's resend)",
  'email:send': 'send notices through the sending identity',
  'users:lookup': "find a user's address in the pool",
  'account:delete': "delete every store's share of an account and the pool user",
} as const;

export type Capability = keyof typeof CAPABILITIES;

const STRIPE_TABLES = ['TABLE_STRIPE_CUSTOMERS', 'TABLE_STRIPE_SUBSCRIPTIONS', 'TABLE_USER_SUBSCRIPTIONS', 'TABLE_USER_ROLES'] as const satisfies readonly ConfigName[];

/** Every store that holds something of a user: what an account's deletion reads and erases. */
export const ACCOUNT_STORE_VARIABLES = [
  'TABLE_API_KEYS',
  'TABLE_JOBS',
  ...STRIPE_TABLES,
  'TABLE_UPLOADS',
  'TABLE_API_LOGS',
  'TABLE_USER_PROFILES',
  'TABLE_IDEMPOTENCY_KEYS',
  'TABLE_USAGE_COUNTERS',
  'TABLE_CALLBACK_SECRETS',
  'BUCKET_MEDIA',
  'BUCKET_PROFILE_PICTURES',
  'USER_POOL_ID',
] as const satisfies readonly ConfigName[];

/**
 * The variables (`kernel/config/env.ts`) the code behind each capability reads: the
 * CDK sets a function's environment from its route's capabilities, as it
 * grants its permissions, so a function holds only its own names.
 */
export const CAPABILITY_VARIABLES: Record<Capability, readonly ConfigName[]> = {
  'api-keys:read': ['TABLE_API_KEYS'],
  'api-keys:write': ['TABLE_API_KEYS'],
  'api-keys:touch': ['TABLE_API_KEYS'],
  'secrets:seal': ['SEALING_KMS_KEY_ID'],
  'secrets:open': ['SEALING_KMS_KEY_ID'],
  'usage-plan-keys': ['USAGE_PLAN_BASIC', 'USAGE_PLAN_BOOST', 'USAGE_PLAN_ELITE', 'USAGE_PLAN_TEST', 'GATEWAY_KEY_OWNER'],
  'subscriptions:read': STRIPE_TABLES,
  'subscriptions:write': STRIPE_TABLES,
  'webhook-events': ['TABLE_WEBHOOK_EVENTS'],
  'stripe:api-key': ['STRIPE_SECRET_KEY_ARN', 'STRIPE_PRICE_BASIC', 'STRIPE_PRICE_BOOST', 'STRIPE_PRICE_ELITE'],
  'stripe:webhook-secret': ['STRIPE_WEBHOOK_SECRET_ARN'],
  'jobs:read': ['TABLE_JOBS'],
  'jobs:write': ['TABLE_JOBS'],
  uploads: ['TABLE_UPLOADS'],
  idempotency: ['TABLE_IDEMPOTENCY_KEYS'],
  'usage:read': ['TABLE_USAGE_COUNTERS'],
  'usage:write': ['TABLE_USAGE_COUNTERS'],
  // The log service is built with its usage counters, which only writing a log touches (and grants).
  'request-logs:read': ['TABLE_API_LOGS', 'TABLE_USAGE_COUNTERS'],
  'request-logs:write': ['TABLE_API_LOGS'],
  'request-logs:outcomes': ['TABLE_API_LOGS'],
  'jobs:stream': [],
  'failed-changes-queue:send': [],
  'callback-secrets': ['TABLE_CALLBACK_SECRETS'],
  'profiles:read': ['TABLE_USER_PROFILES'],
  'profiles:write': ['TABLE_USER_PROFILES'],
  pictures: ['BUCKET_PROFILE_PICTURES', 'PICTURES_BASE_URL'],
  'media:read': ['BUCKET_MEDIA'],
  'media:write': ['BUCKET_MEDIA'],
  'media:multipart': ['BUCKET_MEDIA'],
  // The voice engine the worker runs: a request it could not run is refused before it is queued.
  'media-queue:send': ['QUEUE_MEDIA_URL', 'VOICE_PROVIDER'],
  'callbacks-queue:send': ['QUEUE_CALLBACKS_URL'],
  // The once-only marks of notices live in the usage counters.
  'email:send': ['EMAIL_FROM', 'TABLE_USAGE_COUNTERS'],
  'users:lookup': ['USER_POOL_ID'],
  'account:delete': [...ACCOUNT_STORE_VARIABLES, 'TABLE_WEBHOOK_EVENTS'],
};

/** What every API function is given: the portal's links and the public app client id (a sign-up link's confirmation). */
export const ALWAYS_SET: readonly ConfigName[] = ['PORTAL_URL', 'PORTAL_API_URL', 'USER_POOL_CLIENT_ID'];

/** The variables a function with these capabilities is given. */
export function variablesOf(capabilities: readonly Capability[]): Set<ConfigName> {
  return new Set([...ALWAYS_SET, ...capabilities.flatMap((capability) => CAPABILITY_VARIABLES[capability])]);
}

/** Usage alerts (80% of a window, one e-mail a day at most, with the preference on). */
const USAGE_ALERTS: readonly Capability[] = ['usage:write', 'profiles:read', 'email:send', 'users:lookup'];

/** Every keyed product request: the key's standing and last use, the rate windows, the request log. */
export const KEYED: readonly Capability[] = ['api-keys:read', 'api-keys:touch', ...USAGE_ALERTS, 'request-logs:write'];

/**
 * A keyed route that counts nothing (a task, a file, an upload, the
 * account): it shows the key's standing but never takes from it, so no usage
 * alert, and no e-mail or pool lookup, can come from it.
 */
export const KEYED_READ: readonly Capability[] = ['api-keys:read', 'api-keys:touch', 'usage:write', 'request-logs:write'];

/** A processing endpoint: a keyed request that stores inputs, seals an ElevenLabs key and enqueues a job. */
export const JOB_ENDPOINT: readonly Capability[] = [
  ...KEYED,
  'jobs:read',
  'jobs:write',
  'uploads',
  'idempotency',
  'media:read',
  'media:write',
  'media-queue:send',
  'secrets:seal',
];
