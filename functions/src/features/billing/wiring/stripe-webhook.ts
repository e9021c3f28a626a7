import { DynamoDbProcessedEventStore } from '../adapters/dynamodb/processed-event-store';
import { WebhookService } from '../domain/webhook-service';
import { accountNotices } from '../../notifications/wiring/account-notices';
import { apiKeyService } from '../../api-keys/wiring/api-keys';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';
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
