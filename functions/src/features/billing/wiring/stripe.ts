import { resolveSecret } from '../adapters/secrets-manager/secret-value';
import { StripeBillingProvider } from '../adapters/stripe/stripe-billing-provider';
import { createStripeClient } from '../adapters/stripe/stripe-client';
import { BillingHistory } from '../domain/billing-history';
import { CheckoutService } from '../domain/checkout-service';
import type { PriceIds } from '../../../kernel/contracts/plans';
import { assertOneSource } from '../../../kernel/config/env';
import { configOf, once } from '../../../kernel/wiring/shared';

const env = configOf(
  'AWS_REGION',
  'PORTAL_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_SECRET_KEY_ARN',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_WEBHOOK_SECRET_ARN',
  'STRIPE_API_URL',
  'STRIPE_PRICE_BASIC',
  'STRIPE_PRICE_BOOST',
  'STRIPE_PRICE_ELITE',
);
assertOneSource(env.STRIPE_SECRET_KEY, env.STRIPE_SECRET_KEY_ARN, 'STRIPE_SECRET_KEY');

export const prices = (): PriceIds => ({ basic: env.STRIPE_PRICE_BASIC, boost: env.STRIPE_PRICE_BOOST, elite: env.STRIPE_PRICE_ELITE });
import { billingRepository, subscriptionLookup } from './subscriptions';

/**
 * Stripe's secrets are read once per cold start (from Secrets Manager on
 * AWS), each only by the functions that use it: the portal never needs the
 * webhook signing secret.
 */
const stripeClient = once(async () => {
  const c = env;
  const secretKey = await resolveSecret(c.STRIPE_SECRET_KEY, c.STRIPE_SECRET_KEY_ARN, c.AWS_REGION);
  return createStripeClient({ secretKey, apiUrl: c.STRIPE_API_URL });
});
// Only the webhook's function is given the signing secret; the portal's never ask for it.
const webhookSecret = once(() => {
  assertOneSource(env.STRIPE_WEBHOOK_SECRET, env.STRIPE_WEBHOOK_SECRET_ARN, 'STRIPE_WEBHOOK_SECRET');
  return resolveSecret(env.STRIPE_WEBHOOK_SECRET, env.STRIPE_WEBHOOK_SECRET_ARN, env.AWS_REGION);
});

export const billingProvider = once(async () => new StripeBillingProvider(await stripeClient(), webhookSecret));

export const checkoutService = once(
  async () =>
    new CheckoutService(billingRepository(), await billingProvider(), subscriptionLookup(), {
      prices: prices(),
      portalUrl: env.PORTAL_URL,
    }),
);

export const billingHistory = once(async () => new BillingHistory(billingRepository(), await billingProvider()));
