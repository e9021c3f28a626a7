/**
 * What a Lambda function touches, declared beside its route in the route
 * table. The CDK turns each capability into the narrowest IAM statements it
 * can (named actions on this stack's own tables, indexes, buckets, queue,
 * key, secrets, pool, plans and sending identity), and a test prints the
 * table and refuses a public function any data, secret or key action.
 */
export const CAPABILITIES = {
  'api-keys:read': 'look keys up (by hash, by owner)',
  'api-keys:write': 'create, revoke and re-tier keys',
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
  'callback-secrets': 'make and read the callback signing secret',
  'profiles:read': 'read profiles and preferences',
  'profiles:write': 'write profiles and preferences',
  pictures: 'sign uploads of, read, write and delete profile pictures',
  'media:read': 'read and sign downloads of media',
  'media:write': 'store inputs and sign their uploads',
  'media:multipart': 'list the parts of, and abort, multipart uploads of inputs',
  'media-queue:send': 'enqueue media jobs',
  'email:send': 'send notices through the sending identity',
  'users:lookup': "find a user's address in the pool",
  'account:delete': "delete every store's share of an account and the pool user",
} as const;

export type Capability = keyof typeof CAPABILITIES;

/** Usage alerts (80% of a window, one e-mail a day at most, with the preference on). */
const USAGE_ALERTS: readonly Capability[] = ['usage:write', 'profiles:read', 'email:send', 'users:lookup'];

/** Every keyed product request: the key's standing and last use, the rate windows, the request log. */
export const KEYED: readonly Capability[] = ['api-keys:read', 'api-keys:touch', ...USAGE_ALERTS, 'request-logs:write'];

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
