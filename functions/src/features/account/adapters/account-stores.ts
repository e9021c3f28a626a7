import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../../kernel/config/env';
import type { KeyPlanMirror } from '../../api-keys/domain/key-plan-mirror';
import type { AccountStores } from '../domain/account-deletion';
import type { BillingProvider } from '../../billing/domain/billing';
import { CognitoUserRemoval } from './cognito/cognito-user-removal';
import { DynamoDbApiKeyRepository } from '../../api-keys/adapters/dynamodb/api-key-repository';
import { DynamoDbBillingErasure } from './dynamodb/billing-erasure';
import { DynamoDbCallbackSecretStore } from '../../callbacks/adapters/dynamodb/callback-secret-store';
import { DynamoDbIdempotencyStore } from '../../jobs/adapters/dynamodb/idempotency-store';
import { DynamoDbJobRepository } from '../../jobs/adapters/dynamodb/job-repository';
import { DynamoDbProfileRepository } from '../../profiles/adapters/dynamodb/profile-repository';
import { DynamoDbRequestLogStore } from '../../request-logs/adapters/dynamodb/request-log-store';
import { DynamoDbRoleRepository } from '../../billing/adapters/dynamodb/role-repository';
import { DynamoDbUploadRepository } from '../../uploads/adapters/dynamodb/upload-repository';
import { DynamoDbUsageCounterErasure } from './dynamodb/usage-counter-erasure';
import { S3PrefixEraser } from './s3/prefix-eraser';

/** The names of every store that holds something of a user. */
export type AccountStoreConfig = Pick<
  AppConfig,
  | 'TABLE_API_KEYS'
  | 'TABLE_JOBS'
  | 'TABLE_STRIPE_CUSTOMERS'
  | 'TABLE_STRIPE_SUBSCRIPTIONS'
  | 'TABLE_USER_SUBSCRIPTIONS'
  | 'TABLE_USER_ROLES'
  | 'TABLE_UPLOADS'
  | 'TABLE_API_LOGS'
  | 'TABLE_IDEMPOTENCY_KEYS'
  | 'TABLE_USAGE_COUNTERS'
  | 'TABLE_CALLBACK_SECRETS'
  | 'TABLE_USER_PROFILES'
  | 'BUCKET_MEDIA'
  | 'BUCKET_PROFILE_PICTURES'
  | 'USER_POOL_ID'
>;

export interface AccountStoreClients {
  documentClient: DynamoDBDocumentClient;
  s3: S3Client;
  cognito: CognitoIdentityProviderClient;
  keyPlans: KeyPlanMirror;
  payments: Pick<BillingProvider, 'cancelSubscriptionsOf'>;
}

/** Every store that holds something of a user, as an account's deletion reaches it. */
export function createAccountStores(c: AccountStoreConfig, clients: AccountStoreClients): AccountStores {
  const db = clients.documentClient;
  const profiles = new DynamoDbProfileRepository(db, c.TABLE_USER_PROFILES);
  return {
    keys: new DynamoDbApiKeyRepository(db, c.TABLE_API_KEYS),
    keyPlans: clients.keyPlans,
    billing: new DynamoDbBillingErasure(db, {
      customers: c.TABLE_STRIPE_CUSTOMERS,
      subscriptions: c.TABLE_STRIPE_SUBSCRIPTIONS,
      userSubscriptions: c.TABLE_USER_SUBSCRIPTIONS,
    }),
    payments: clients.payments,
    jobs: new DynamoDbJobRepository(db, c.TABLE_JOBS),
    counters: new DynamoDbUsageCounterErasure(db, c.TABLE_USAGE_COUNTERS),
    records: {
      uploads: new DynamoDbUploadRepository(db, c.TABLE_UPLOADS),
      idempotencyKeys: new DynamoDbIdempotencyStore(db, c.TABLE_IDEMPOTENCY_KEYS),
      requestLogs: new DynamoDbRequestLogStore(db, c.TABLE_API_LOGS),
      callbackSecrets: new DynamoDbCallbackSecretStore(db, c.TABLE_CALLBACK_SECRETS),
      profile: { deleteAllOf: (userId) => profiles.delete(userId) },
      roles: new DynamoDbRoleRepository(db, c.TABLE_USER_ROLES),
    },
    media: new S3PrefixEraser(clients.s3, c.BUCKET_MEDIA),
    pictures: new S3PrefixEraser(clients.s3, c.BUCKET_PROFILE_PICTURES),
    users: new CognitoUserRemoval(clients.cognito, c.USER_POOL_ID),
  };
}
