/**
 * The data resources of the product, described once. The CDK stack and the
 * local provisioning both read these definitions, so the emulators hold the
 * same tables, bucket, queues and user pool settings as AWS.
 */

export type AttributeType = 'S' | 'N';

export interface KeyDefinition {
  readonly name: string;
  readonly type: AttributeType;
}

export interface IndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyDefinition;
  readonly sortKey?: KeyDefinition;
}

export interface TableDefinition {
  /** Logical id, also the suffix of the local table name. */
  readonly id: string;
  /** Environment variable that carries the physical table name to a handler. */
  readonly envVar: string;
  readonly partitionKey: KeyDefinition;
  readonly sortKey?: KeyDefinition;
  readonly globalIndexes: readonly IndexDefinition[];
  readonly timeToLiveAttribute?: string;
  /** The table's change stream, for a consumer of its changes (both images: the consumer sees what changed). */
  readonly stream?: 'NEW_AND_OLD_IMAGES';
}

/** A user's items, newest first: what their history pages and account deletion read. */
const byUserNewestFirst = {
  indexName: 'by-user',
  partitionKey: { name: 'userId', type: 'S' },
  sortKey: { name: 'createdAt', type: 'S' },
} as const satisfies IndexDefinition;

/**
 * A table of short-lived records a user owns (jobs, uploads, request logs):
 * keyed by their own id, listed per user newest first, dropped at `expiresAt`.
 */
const expiringUserHistory = <const Id extends string, const EnvVar extends string>(id: Id, envVar: EnvVar) =>
  ({
    id,
    envVar,
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [byUserNewestFirst],
    timeToLiveAttribute: 'expiresAt',
  }) as const satisfies TableDefinition;

export const tables = {
  apiKeys: {
    id: 'api-keys',
    envVar: 'TABLE_API_KEYS',
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [
      { indexName: 'by-hash', partitionKey: { name: 'keyHash', type: 'S' } },
      byUserNewestFirst,
    ],
  },
  /** Streamed: a job's end reaches its requests' log rows from its record (`streams/task-outcomes`). */
  jobs: { ...expiringUserHistory('jobs', 'TABLE_JOBS'), stream: 'NEW_AND_OLD_IMAGES' },
  /** spec's stripe_customers: one Stripe customer per user; `deletedAt` marks a deleted account. */
  stripeCustomers: {
    id: 'stripe-customers',
    envVar: 'TABLE_STRIPE_CUSTOMERS',
    partitionKey: { name: 'userId', type: 'S' },
    globalIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S' } }],
  },
  /** spec's stripe_subscriptions: the customer's current subscription, as last read from Stripe. */
  stripeSubscriptions: {
    id: 'stripe-subscriptions',
    envVar: 'TABLE_STRIPE_SUBSCRIPTIONS',
    partitionKey: { name: 'customerId', type: 'S' },
    // The spec's per-user view (stripe_user_subscriptions) is this index.
    globalIndexes: [{ indexName: 'by-user', partitionKey: { name: 'userId', type: 'S' } }],
  },
  /** spec's user_subscriptions: a user's subscription status, the last fallback of the lookup order. */
  userSubscriptions: {
    id: 'user-subscriptions',
    envVar: 'TABLE_USER_SUBSCRIPTIONS',
    partitionKey: { name: 'userId', type: 'S' },
    globalIndexes: [],
  },
  /** spec's user_roles: role 'admin' marks an admin. */
  userRoles: {
    id: 'user-roles',
    envVar: 'TABLE_USER_ROLES',
    partitionKey: { name: 'userId', type: 'S' },
    globalIndexes: [],
  },
  /** Stripe event ids already processed, so a redelivery changes nothing; kept 30 days (Stripe retries for 3). */
  webhookEvents: {
    id: 'webhook-events',
    envVar: 'TABLE_WEBHOOK_EVENTS',
    partitionKey: { name: 'eventId', type: 'S' },
    globalIndexes: [],
    timeToLiveAttribute: 'expiresAt',
  },
  /** Large inputs uploaded ahead of a request (`POST /uploads`): owner, storage key, expiry. */
  uploads: expiringUserHistory('uploads', 'TABLE_UPLOADS'),
  /** `Idempotency-Key` records per user: the request's fingerprint and the task it made, kept 24 h. */
  idempotencyKeys: {
    id: 'idempotency-keys',
    envVar: 'TABLE_IDEMPOTENCY_KEYS',
    partitionKey: { name: 'id', type: 'S' },
    // An account's deletion finds its keys by owner.
    globalIndexes: [{ indexName: 'by-user', partitionKey: { name: 'userId', type: 'S' } }],
    timeToLiveAttribute: 'expiresAt',
  },
  /** spec user_profiles: one row per user, created on the first save. */
  userProfiles: {
    id: 'user-profiles',
    envVar: 'TABLE_USER_PROFILES',
    partitionKey: { name: 'userId', type: 'S' },
    globalIndexes: [],
  },
  /**
   * Counters kept with atomic updates: per-key rate windows and per-user
   * running-job slots. Each item expires once its window has passed.
   */
  usageCounters: {
    id: 'usage-counters',
    envVar: 'TABLE_USAGE_COUNTERS',
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [],
    timeToLiveAttribute: 'expiresAt',
  },
  /** spec's api_logs: one record per product API request with a known key, newest first per user; kept LOG_RETENTION_DAYS. */
  apiLogs: expiringUserHistory('api-logs', 'TABLE_API_LOGS'),
  /** The per-user secret that signs `callback_url` deliveries. */
  callbackSecrets: {
    id: 'callback-secrets',
    envVar: 'TABLE_CALLBACK_SECRETS',
    partitionKey: { name: 'userId', type: 'S' },
    globalIndexes: [],
  },
} as const satisfies Record<string, TableDefinition>;

export type TableId = keyof typeof tables;

export interface QueueDefinition {
  readonly id: string;
  readonly envVar: string;
  /** Where the dead-letter queue's URL is passed: the worker settles the jobs whose messages land there. */
  readonly deadLetterEnvVar: string;
  readonly visibilityTimeoutSeconds: number;
  /** Poison messages move to the dead-letter queue after this many receives. */
  readonly maxReceiveCount: number;
}

export const queues = {
  media: {
    id: 'media-jobs',
    envVar: 'QUEUE_MEDIA_URL',
    deadLetterEnvVar: 'QUEUE_MEDIA_DLQ_URL',
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 3,
  },
  /** `callback_url` deliveries: one message per attempt, retries sent back with a growing delay. */
  callbacks: {
    id: 'callback-deliveries',
    envVar: 'QUEUE_CALLBACKS_URL',
    deadLetterEnvVar: 'QUEUE_CALLBACKS_DLQ_URL',
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
  },
} as const satisfies Record<string, QueueDefinition>;

/** One CORS rule of a bucket, as the CDK and the local S3 emulator both apply it. */
export interface BucketCorsRule {
  readonly allowedMethods: readonly ('GET' | 'HEAD' | 'PUT' | 'POST')[];
  readonly allowedOrigins: readonly string[];
  readonly allowedHeaders: readonly string[];
  readonly exposedHeaders: readonly string[];
  readonly maxAgeSeconds: number;
}

export interface BucketDefinition {
  readonly id: string;
  readonly envVar: string;
  /** Objects under these prefixes expire after the given number of days. */
  readonly expirations: readonly { readonly prefix: string; readonly days: number }[];
  readonly cors: readonly BucketCorsRule[];
}

export const buckets = {
  media: {
    id: 'media',
    envVar: 'BUCKET_MEDIA',
    expirations: [
      { prefix: 'inputs/', days: 1 },
      { prefix: 'uploads/', days: 1 },
      { prefix: 'outputs/', days: 7 },
    ],
    // Any origin: customers' own web apps send their users' files straight here with the presigned
    // PUT and part URLs our API signs (the signature is the authorisation), and read each part's ETag.
    cors: [{ allowedMethods: ['GET', 'HEAD', 'PUT'], allowedOrigins: ['*'], allowedHeaders: ['*'], exposedHeaders: ['ETag'], maxAgeSeconds: 3600 }],
  },
  /** spec's profile-pictures bucket: `{userId}/{timestamp}.jpg`, re-encoded without metadata, served through CloudFront (locally a same-origin path). */
  profilePictures: {
    id: 'profile-pictures',
    envVar: 'BUCKET_PROFILE_PICTURES',
    // Uploads not confirmed within a day are dropped; confirmed pictures stay until replaced or removed.
    expirations: [{ prefix: 'incoming/', days: 1 }],
    // The crop dialog's upload goes from the portal straight to the bucket. Any origin: naming the portal's
    // would tie this bucket to the distribution that serves it (a cycle); each POST's signed policy is
    // what allows it, for one key, one type, 5 MB and ten minutes.
    cors: [{ allowedMethods: ['POST'], allowedOrigins: ['*'], allowedHeaders: ['*'], exposedHeaders: [], maxAgeSeconds: 3600 }],
  },
} as const satisfies Record<string, BucketDefinition>;

/** Cognito settings that the spec fixes: e-mail sign-in, 6-character passwords, no character classes. */
export const userPool = {
  id: 'portal-users',
  clientId: 'portal-web',
  usernameAttributes: ['email'] as const,
  autoVerifiedAttributes: ['email'] as const,
  /** A new e-mail address takes effect only once its owner followed the verification link sent to it. */
  keepOriginalUntilVerified: ['email'] as const,
  passwordPolicy: {
    minimumLength: 6,
    requireLowercase: false,
    requireUppercase: false,
    requireNumbers: false,
    requireSymbols: false,
  },
  /** Web client: no secret, SRP only, as the AWS client (no flow that sends the password itself). */
  authFlows: ['USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH'] as const,
  /**
   * The web client's PreventUserExistenceErrors: sign-in, password recovery and
   * account confirmation answer alike whether or not an address has an account.
   */
  preventUserExistenceErrors: true,
  /** Two-factor sign-in: each user may turn on an authenticator app (TOTP); SMS codes are not offered. */
  mfa: 'OPTIONAL',
  mfaSecondFactor: { otp: true, sms: false },
} as const;

/** Local physical name of a resource: the product prefix plus its logical id. */
export const localName = (id: string): string => `frameforge-${id}`;
