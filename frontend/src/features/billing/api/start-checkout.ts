import { redirectUrlResponseSchema, type CheckoutRequest } from '@frameforge/functions/features/billing/contracts/billing';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { apiRequest } from '../../../lib/api-client';
import { rememberLeavingForPortal } from '../portal-return';

/** Stripe replaces the literal {CHECKOUT_SESSION_ID} placeholder with the session's id. */
export function checkoutRequestFor(tier: Tier, origin: string, prices = getRuntimeConfig().prices): CheckoutRequest {
  return {
    price_id: prices[tier],
    success_url: `${origin}/success?success=true&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/subscription?canceled=true`,
    mode: 'subscription',
  };
}

/**
 * Leaves for Stripe: a checkout page for a new subscriber, or for an existing one the
 * billing portal's confirmation of the plan switch. Either way the server answers `{url}`.
 */
export async function startCheckout(tier: Tier): Promise<void> {
  const { url } = await apiRequest({
    method: 'POST',
    path: '/stripe-checkout',
    body: checkoutRequestFor(tier, window.location.origin),
    schema: redirectUrlResponseSchema,
    failure: 'start checkout',
  });
  // A subscriber's switch is confirmed in the billing portal, which returns to /subscription.
  rememberLeavingForPortal(window.sessionStorage);
  window.location.assign(url);
}
