import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createAccountStores } from '../../adapters/account-stores';
import { createS3Client } from '../../adapters/s3/s3-client';
import { AccountDeletion } from '../../domain/account/account-deletion';
import { accountNotices } from './account-notices';
import { keyPlanMirror } from './api-keys';
import { configOf, documentClient, once } from './shared';

const env = configOf(
  'AWS_REGION',
  'S3_FORCE_PATH_STYLE',
  'TABLE_API_KEYS',
  'TABLE_JOBS',
  'TABLE_STRIPE_CUSTOMERS',
  'TABLE_STRIPE_SUBSCRIPTIONS',
  'TABLE_USER_SUBSCRIPTIONS',
  'TABLE_USER_ROLES',
  'TABLE_UPLOADS',
  'TABLE_API_LOGS',
  'TABLE_USER_PROFILES',
  'TABLE_IDEMPOTENCY_KEYS',
  'TABLE_USAGE_COUNTERS',
  'TABLE_CALLBACK_SECRETS',
  'BUCKET_MEDIA',
  'BUCKET_PROFILE_PICTURES',
  'USER_POOL_ID',
);
import { billingProvider } from './stripe';

/** An account's deletion: every store of the user, Stripe through the portal's own provider, then the confirmation e-mail. */
export const accountDeletion = once(async () => {
  const c = env;
  const stores = createAccountStores(c, {
    documentClient: documentClient(),
    s3: createS3Client(c.AWS_REGION, c.S3_FORCE_PATH_STYLE),
    cognito: new CognitoIdentityProviderClient({ region: c.AWS_REGION }),
    keyPlans: keyPlanMirror(),
    payments: await billingProvider(),
  });
  return new AccountDeletion(stores, undefined, accountNotices().accountDeleted);
});
