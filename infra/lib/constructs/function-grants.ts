import { type CfnResource, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tables as tableDefinitions, type TableId } from '@frameforge/functions/kernel/contracts/resources';
import type { Capability } from '@frameforge/functions/kernel/http/function-access';
import type { Billing } from './billing';
import type { Data } from './data';
import { acknowledgeWildcard, renderedArn } from './nag-findings';
import type { Notifications } from './notifications';
import type { Queues } from './queues';
import type { Storage } from './storage';
import type { UsagePlans } from './usage-plans';

/** The constructs whose resources a function's capabilities reach. */
export interface GrantedConstructs {
  readonly data: Data;
  readonly storage: Storage;
  readonly queues: Queues;
  readonly billing: Billing;
  readonly usagePlans: UsagePlans;
  readonly notifications: Notifications;
}

export interface GrantSources extends GrantedConstructs {
  /** The user pool, for functions that look users up or delete them. */
  readonly userPoolId?: string;
}

// Named actions only, never `dynamodb:*`-style wildcards; no Scan: nothing scans.
const READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'];
const DELETE = ['dynamodb:Query', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** `update`: UpdateItem alone (a key's last use, a log row's task outcome), nothing that reads, creates whole items or deletes. */
export type TableAccess = 'read' | 'write' | 'readwrite' | 'update';

const ACTIONS: Record<TableAccess, readonly string[]> = { read: READ, write: WRITE, readwrite: [...READ, ...WRITE], update: ['dynamodb:UpdateItem'] };

/** Which tables each capability reads or writes. */
const TABLES: Partial<Record<Capability, Partial<Record<TableId, TableAccess>>>> = {
  'api-keys:read': { apiKeys: 'read' },
  'api-keys:write': { apiKeys: 'readwrite' },
  'api-keys:touch': { apiKeys: 'update' },
  'subscriptions:read': { stripeCustomers: 'read', stripeSubscriptions: 'read', userSubscriptions: 'read', userRoles: 'read' },
  'subscriptions:write': { stripeCustomers: 'readwrite', stripeSubscriptions: 'readwrite', userSubscriptions: 'readwrite' },
  'webhook-events': { webhookEvents: 'readwrite' },
  'jobs:read': { jobs: 'read' },
  'jobs:write': { jobs: 'readwrite' },
  uploads: { uploads: 'readwrite' },
  idempotency: { idempotencyKeys: 'readwrite' },
  'usage:read': { usageCounters: 'read' },
  'usage:write': { usageCounters: 'readwrite' },
  'request-logs:read': { apiLogs: 'read' },
  'request-logs:write': { apiLogs: 'write' },
  'request-logs:outcomes': { apiLogs: 'update' },
  'callback-secrets': { callbackSecrets: 'readwrite' },
  'profiles:read': { userProfiles: 'read' },
  'profiles:write': { userProfiles: 'readwrite' },
};

const allow = (fn: iam.IGrantable, actions: string[], resources: string[]): void => {
  fn.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...new Set(actions)].sort(), resources }));
};

/** A table and the indexes it has, by name: no `index/*`. */
const tableArns = (data: Data, id: TableId): string[] => arnsOfTable(data.tables[id].tableArn, id);

const arnsOfTable = (tableArn: string, id: TableId): string[] => [
  tableArn,
  ...tableDefinitions[id].globalIndexes.map((index) => `${tableArn}/index/${index.indexName}`),
];

/** Reads and/or writes of one table and its named indexes, for principals outside the route table (the worker). */
export function allowTable(grantee: iam.IGrantable, tableArn: string, id: TableId, access: TableAccess): void {
  allow(grantee, [...ACTIONS[access]], arnsOfTable(tableArn, id));
}

/**
 * Object-level actions on one of this stack's buckets. Keys are made per
 * user and per job at run time, so the resource is the bucket's objects; the
 * wildcard is acknowledged for cdk-nag on this principal and this bucket only.
 */
export function allowObjects(fn: iam.IGrantable, actions: string[], bucket: s3.Bucket): void {
  allow(fn, actions, [bucket.arnForObjects('*')]);
  const principal = fn.grantPrincipal;
  if (!Construct.isConstruct(principal)) return;
  const reason = `Objects of this stack's own bucket, whose keys are made per user and per job at run time; actions: ${actions.join(', ')}.`;
  acknowledgeWildcard(principal, `${renderedArn(principal, bucket.node.defaultChild as CfnResource)}/*`, reason);
}

/**
 * Grants a function exactly its declared capabilities (`function-access.ts`,
 * declared per route in `functions/src/kernel/http/routes.ts`).
 */
export function grantCapabilities(fn: iam.IGrantable, capabilities: readonly Capability[], sources: GrantSources): void {
  const { data, storage, queues, billing, usagePlans, notifications } = sources;
  const tableAccess = new Map<TableId, Set<string>>();
  for (const capability of capabilities) {
    for (const [id, access] of Object.entries(TABLES[capability] ?? {}) as [TableId, TableAccess][]) {
      const actions = tableAccess.get(id) ?? new Set<string>();
      ACTIONS[access].forEach((a) => actions.add(a));
      tableAccess.set(id, actions);
    }
  }
  for (const [id, actions] of tableAccess) allow(fn, [...actions], tableArns(data, id));

  const has = (c: Capability) => capabilities.includes(c);
  const key = storage.apiKeySecretsKey.keyArn;
  if (has('secrets:seal')) allow(fn, ['kms:GenerateDataKey'], [key]);
  if (has('secrets:open')) allow(fn, ['kms:Decrypt'], [key]);
  if (has('stripe:api-key')) billing.grantSecretKeyRead(fn);
  if (has('stripe:webhook-secret')) billing.grantWebhookSecretRead(fn);
  if (has('usage-plan-keys')) usagePlans.grantKeyManagement(fn);
  if (has('media:read')) allowObjects(fn, ['s3:GetObject'], storage.mediaBucket);
  if (has('media:write')) allowObjects(fn, ['s3:PutObject'], storage.mediaBucket);
  if (has('media:multipart')) allowObjects(fn, ['s3:ListMultipartUploadParts', 's3:AbortMultipartUpload'], storage.mediaBucket);
  if (has('media-queue:send')) allow(fn, ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], [queues.mediaQueue.queueArn]);
  if (has('callbacks-queue:send')) allow(fn, ['sqs:SendMessage'], [queues.callbacks.queue.queueArn]);
  if (has('pictures')) allowObjects(fn, ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], storage.profilePicturesBucket);
  if (has('email:send')) notifications.grantSend(fn);
  if (has('users:lookup') || has('account:delete')) {
    if (!sources.userPoolId) throw new Error('Looking users up needs the user pool');
    const pool = Stack.of(storage).formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: sources.userPoolId });
    allow(fn, ['cognito-idp:ListUsers', ...(has('account:delete') ? ['cognito-idp:AdminDeleteUser'] : [])], [pool]);
  }
  if (has('account:delete')) grantAccountDeletion(fn, data, storage);
}

/** Every store's share of one account: found through the by-user indexes, deleted by key. */
function grantAccountDeletion(fn: iam.IGrantable, data: Data, storage: Storage): void {
  for (const id of ['apiKeys', 'jobs', 'uploads', 'idempotencyKeys', 'apiLogs', 'stripeSubscriptions'] as const) allow(fn, DELETE, tableArns(data, id));
  // Keys are revoked (updated) before they go.
  allow(fn, ['dynamodb:UpdateItem'], tableArns(data, 'apiKeys'));
  for (const id of ['userSubscriptions', 'userRoles', 'callbackSecrets', 'userProfiles', 'usageCounters'] as const) {
    allow(fn, ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'], tableArns(data, id));
  }
  // The customer mapping is marked deleted, then replaced by its marker (a put and a delete in one transaction).
  allow(fn, ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], tableArns(data, 'stripeCustomers'));
  for (const bucket of [storage.mediaBucket, storage.profilePicturesBucket]) {
    allow(fn, ['s3:ListBucket'], [bucket.bucketArn]);
    allowObjects(fn, ['s3:DeleteObject'], bucket);
  }
}
