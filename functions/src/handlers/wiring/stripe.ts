import { resolveSecret } from '../../adapters/secrets-manager/secret-value';
import { StripeBillingProvider } from '../../adapters/stripe/stripe-billing-provider';
import { createStripeClient } from '../../adapters/stripe/stripe-client';
import { DynamoDbProcessedEventStore } from '../../adapters/dynamodb/processed-event-store';
import { BillingHistory } from '../../domain/billing/billing-history';
import { CheckoutService } from '../../domain/billing/checkout-service';
import { WebhookService } from '../../domain/billing/webhook-service';
import { accountNotices } from './account-notices';
import { apiKeyService } from './api-keys';
import { config, documentClient, once, prices } from './shared';
import { billingRepository, subscriptionLookup } from './subscriptions';

/**
 * Stripe's secrets are read once per cold start (from Secrets Manager on
 * AWS), each only by the functions that use it: the portal never needs the
 * webhook signing secret.
 */
const stripeClient = once(async () => {
  const c = config();
  const secretKey = await resolveSecret(c.STRIPE_SECRET_KEY, c.STRIPE_SECRET_KEY_ARN, c.AWS_REGION);
  return createStripeClient({ secretKey, apiUrl: c.STRIPE_API_URL });
});
const webhookSecret = once(() => resolveSecret(config().STRIPE_WEBHOOK_SECRET, config().STRIPE_WEBHOOK_SECRET_ARN, config().AWS_REGION));

export const billingProvider = once(async () => new StripeBillingProvider(await stripeClient(), webhookSecret));

export const checkoutService = once(
  async () =>
    new CheckoutService(billingRepository(), await billingProvider(), subscriptionLookup(), {
      prices: prices(),
      portalUrl: config().PORTAL_URL,
    }),
);

export const billingHistory = once(async () => new BillingHistory(billingRepository(), await billingProvider()));

export const webhookService = once(
  async () =>
    new WebhookService(
      billingRepository(),
      await billingProvider(),
      new DynamoDbProcessedEventStore(documentClient(), config().TABLE_WEBHOOK_EVENTS),
      prices(),
      (userId, entitlement) => apiKeyService().placeKeysOf(userId, entitlement),
      undefined,
      (userId, subscription, tier) => accountNotices().subscriptions.afterSync(userId, subscription, tier),
    ),
);
