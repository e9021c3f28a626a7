import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { subscriptionQuery } from '../api/get-subscription';
import { awaitingPortalChange, takePortalDeparture } from '../portal-return';

const POLL_MS = 1000;

/**
 * Back from the billing portal: reads the subscription every second until it
 * shows a change made after the user left (the webhook has landed), for 20 s at most.
 */
export function usePortalReturn(): void {
  const [{ leftAt, returnedAt }] = useState(() => ({ leftAt: takePortalDeparture(window.sessionStorage), returnedAt: Date.now() }));
  useQuery({
    ...subscriptionQuery,
    refetchInterval: (query) => (awaitingPortalChange(leftAt, returnedAt, query.state.data?.subscription?.updated_at) ? POLL_MS : false),
    enabled: leftAt !== null,
  });
}
