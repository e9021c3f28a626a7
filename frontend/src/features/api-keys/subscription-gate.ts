import type { SubscriptionResponse } from '@frameforge/functions/features/billing/contracts/billing';

/**
 * True only when the subscription is known and not active. While it loads, or when it could not
 * be read, the form stays usable: the server is the judge and its refusal is shown anyway.
 */
export function needsSubscription(answer: SubscriptionResponse | undefined): boolean {
  if (!answer) return false;
  return !answer.subscription?.active;
}
