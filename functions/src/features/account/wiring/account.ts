import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createAccountStores } from '../adapters/account-stores';
import { createS3Client } from '../../../kernel/adapters/s3/s3-client';
import { AccountDeletion } from '../domain/account-deletion';
import { ACCOUNT_STORE_VARIABLES } from '../../../kernel/http/function-access';
import { accountNotices } from '../../notifications/wiring/account-notices';
import { keyPlanMirror } from '../../api-keys/wiring/api-keys';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'S3_FORCE_PATH_STYLE', ...ACCOUNT_STORE_VARIABLES);
import { billingProvider } from '../../billing/wiring/stripe';

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
  return new AccountDeletion(stores, { confirmations: accountNotices().accountDeleted });
});
