import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { subscriptionResponseSchema, type SubscriptionResponse } from '@frameforge/functions/features/billing/contracts/billing';
import { apiRequest } from '../../../lib/api-client';

export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;

export function getSubscription(): Promise<SubscriptionResponse> {
  return apiRequest({ method: 'GET', path: '/subscription', schema: subscriptionResponseSchema, failure: 'load the subscription' });
}

export const subscriptionQuery = queryOptions({ queryKey: SUBSCRIPTION_QUERY_KEY, queryFn: getSubscription });

/** The caller's effective subscription (null inside when there is none) and whether they are an admin. */
export function useSubscription() {
  return useQuery(subscriptionQuery);
}

/**
 * Drops what is cached and waits for a fresh answer, e.g. after Stripe's webhook has had time to land.
 * Resolves even when the reload fails: callers show what they have.
 */
export async function reloadSubscription(client: QueryClient): Promise<void> {
  // 'all': the query may be cached without a mounted observer (no page showing it right now).
  await client.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY, refetchType: 'all' });
  // Nothing was cached at all on a fresh page load; fetch it then.
  await client.ensureQueryData(subscriptionQuery).catch(() => undefined);
}
