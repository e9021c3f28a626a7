import { DynamoDbProcessedEventStore } from '../../adapters/dynamodb/processed-event-store';
import { WebhookService } from '../../domain/billing/webhook-service';
import { accountNotices } from './account-notices';
import { apiKeyService } from './api-keys';
import { configOf, documentClient, once } from './shared';
import { billingProvider, prices } from './stripe';
import { billingRepository } from './subscriptions';

const env = configOf('TABLE_WEBHOOK_EVENTS');

/** Stripe's events applied: the subscription synced, keys re-tiered into their plan, the account's notices sent. */
export const webhookService = once(
  async () =>
    new WebhookService(
      billingRepository(),
      await billingProvider(),
      new DynamoDbProcessedEventStore(documentClient(), env.TABLE_WEBHOOK_EVENTS),
      prices(),
      (userId, entitlement) => apiKeyService().placeKeysOf(userId, entitlement),
      undefined,
      (userId, subscription, tier) => accountNotices().subscriptions.afterSync(userId, subscription, tier),
    ),
);
