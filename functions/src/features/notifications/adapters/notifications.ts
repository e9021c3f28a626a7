import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmailConfig } from '../config';
import { AccountDeletedNotices } from '../domain/account-deleted-notice';
import { JobFailureEmails } from '../domain/job-failure-emails';
import type { NoticeDeps } from '../domain/notice-delivery';
import { SubscriptionNotices } from '../domain/subscription-notices';
import { UsageAlerts } from '../domain/usage-alerts';
import { DynamoDbNoticeClaimStore } from './dynamodb/notice-claim-store';
import { DynamoDbProfileRepository } from '../../profiles/adapters/dynamodb/profile-repository';
import { createEmailSender } from './email';
import { loadedOnUse } from '../../../kernel/adapters/loaded-on-use';

export interface NotificationsConfig extends EmailConfig {
  AWS_REGION: string;
  TABLE_USER_PROFILES: string;
  /** Holds the once-only marks (a day's usage alert, a job's failure e-mail, a billing e-mail, a deletion's confirmation). */
  TABLE_USAGE_COUNTERS: string;
  USER_POOL_ID: string;
  PORTAL_URL: string;
}

/** The e-mail notices, built the same way by the API, the Stripe webhook, the account's deletion and the worker. */
export function createNotifications(documentClient: DynamoDBDocumentClient, config: NotificationsConfig) {
  // The user pool is asked only when a notice goes out: its client is loaded then (see loadedOnUse).
  const pool = loadedOnUse(async () => {
    const [{ CognitoIdentityProviderClient }, { CognitoUserDirectory }] = await Promise.all([
      import('@aws-sdk/client-cognito-identity-provider'),
      import('./cognito/cognito-user-directory'),
    ]);
    return new CognitoUserDirectory(new CognitoIdentityProviderClient({ region: config.AWS_REGION }), config.USER_POOL_ID);
  });
  const deps: NoticeDeps = {
    profiles: new DynamoDbProfileRepository(documentClient, config.TABLE_USER_PROFILES),
    directory: { emailOf: async (userId) => (await pool()).emailOf(userId) },
    sender: createEmailSender(config),
    claims: new DynamoDbNoticeClaimStore(documentClient, config.TABLE_USAGE_COUNTERS),
    portalUrl: config.PORTAL_URL,
  };
  return {
    usageAlerts: new UsageAlerts(deps),
    jobFailures: new JobFailureEmails(deps),
    subscriptions: new SubscriptionNotices(deps),
    accountDeleted: new AccountDeletedNotices(deps),
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
