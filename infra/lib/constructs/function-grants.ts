import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Identity } from './api-functions';
import type { Billing } from './billing';
import type { Data } from './data';
import type { Queues } from './queues';
import type { Storage } from './storage';
import type { UsagePlans } from './usage-plans';

/**
 * What a function may touch. Each handler gets the narrowest profile its
 * feature needs.
 */
export type FunctionAccess =
  /** Portal handlers: API keys, jobs, billing records, Stripe calls, key mirroring into plans. */
  | 'portal'
  /** Stripe's webhook: billing records, reads keys to mirror them into their tier's plan. */
  | 'billing-webhook'
  /** An account's deletion: deletes the user's records and files, cancels at Stripe, takes keys out of plans, deletes the pool user. */
  | 'account'
  /** Product handlers: tables, media bucket, enqueue jobs. */
  | 'product'
  /** Product API authorizer: looks keys and their tier up and records their last use. */
  | 'authorizer'
  /** Cognito trigger: renders e-mails, touches no data. */
  | 'trigger';

/** Profiles that put keys into usage plans, and so hold the plans' ids. */
export const MANAGES_USAGE_PLAN_KEYS: readonly FunctionAccess[] = ['portal', 'billing-webhook', 'account'];

export interface GrantSources {
  readonly data: Data;
  readonly storage: Storage;
  readonly queues: Queues;
  readonly billing: Billing;
  readonly usagePlans: UsagePlans;
  /** The user pool of the API functions (a trigger has none: the pool refers to it). */
  readonly identity?: Identity;
}

const DELETE_ITEMS = ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** Files found by prefix and deleted: listing the bucket and deleting objects, nothing else. */
function grantListAndDelete(fn: iam.IGrantable, bucket: s3.IBucket): void {
  iam.Grant.addToPrincipal({ grantee: fn, actions: ['s3:ListBucket'], resourceArns: [bucket.bucketArn] });
  bucket.grantDelete(fn);
}

export function grantAccess(fn: iam.IGrantable, access: FunctionAccess, sources: GrantSources): void {
  const { data, storage, queues, billing, usagePlans } = sources;
  const { apiKeys, jobs, stripeCustomers, stripeSubscriptions, userSubscriptions, userRoles, webhookEvents, uploads, idempotencyKeys, usageCounters, callbackSecrets, apiLogs, userProfiles } =
    data.tables;
  const subscriptionTables = [stripeCustomers, stripeSubscriptions, userSubscriptions];
  switch (access) {
    case 'portal':
      apiKeys.grantReadWriteData(fn);
      jobs.grantReadData(fn);
      storage.apiKeySecretsKey.grantEncryptDecrypt(fn);
      subscriptionTables.forEach((table) => table.grantReadWriteData(fn));
      userRoles.grantReadData(fn);
      billing.grantSecretKeyRead(fn);
      usagePlans.grantKeyManagement(fn);
      // The callback signing secret is shown to its owner (and made on first read).
      callbackSecrets.grantReadWriteData(fn);
      // Settings: the profile row, and pictures (uploads land under incoming/, confirmed ones at {userId}/…).
      userProfiles.grantReadWriteData(fn);
      storage.profilePicturesBucket.grantReadWrite(fn);
      storage.profilePicturesBucket.grantDelete(fn);
      // The logs page and the dashboard read logs and counters; only the product API writes them.
      [apiLogs, usageCounters].forEach((table) => table.grantReadData(fn));
      return;
    case 'account': {
      // Found through their by-user index, deleted by key; keys are revoked (updated) before they go.
      [apiKeys, jobs, uploads, idempotencyKeys, apiLogs, stripeSubscriptions].forEach((table) => table.grant(fn, 'dynamodb:Query', ...DELETE_ITEMS));
      apiKeys.grant(fn, 'dynamodb:UpdateItem');
      // Keyed by the user, or by ids computed from the user, their keys and jobs.
      [userSubscriptions, userRoles, callbackSecrets, userProfiles, usageCounters].forEach((table) => table.grant(fn, ...DELETE_ITEMS));
      // The customer mapping is marked deleted, then replaced by its marker (a put and a delete in one transaction).
      stripeCustomers.grant(fn, 'dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem');
      grantListAndDelete(fn, storage.mediaBucket);
      grantListAndDelete(fn, storage.profilePicturesBucket);
      // The subscription is cancelled at Stripe; the keys leave their usage plans.
      billing.grantSecretKeyRead(fn);
      usagePlans.grantKeyManagement(fn);
      if (!sources.identity) throw new Error('The account profile needs the user pool');
      // Found by sub, then deleted: in this pool only.
      iam.Grant.addToPrincipal({
        grantee: fn,
        actions: ['cognito-idp:ListUsers', 'cognito-idp:AdminDeleteUser'],
        resourceArns: [Stack.of(storage).formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: sources.identity.userPoolId })],
      });
      return;
    }
    case 'billing-webhook':
      // Processed event ids make a redelivered event a no-op.
      [...subscriptionTables, webhookEvents].forEach((table) => table.grantReadWriteData(fn));
      apiKeys.grantReadData(fn);
      billing.grantSecretKeyRead(fn);
      billing.grantWebhookSecretRead(fn);
      usagePlans.grantKeyManagement(fn);
      return;
    case 'product':
      // Rate windows, idempotency claims and uploads are atomic writes in their own tables.
      apiKeys.grantReadData(fn);
      jobs.grantReadWriteData(fn);
      [uploads, idempotencyKeys, usageCounters].forEach((table) => table.grantReadWriteData(fn));
      // One log per request; logs are never read or changed here.
      apiLogs.grantWriteData(fn);
      storage.mediaBucket.grantReadWrite(fn);
      queues.mediaQueue.grantSendMessages(fn);
      // A job's ElevenLabs key is sealed for the worker: a data key to encrypt with, never to open.
      storage.apiKeySecretsKey.grant(fn, 'kms:GenerateDataKey');
      return;
    case 'authorizer':
      apiKeys.grantReadWriteData(fn);
      // The key's tier: subscription records, with admins above every tier.
      [...subscriptionTables, userRoles].forEach((table) => table.grantReadData(fn));
      return;
    case 'trigger':
      return;
  }
}
