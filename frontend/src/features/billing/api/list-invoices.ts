import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listInvoicesResponseSchema, type ListInvoicesResponse } from '@frameforge/functions/features/billing/contracts/billing';
import { apiRequest } from '../../../lib/api-client';

export const INVOICES_QUERY_KEY = ['invoices'] as const;

/** One page of the caller's invoices, newest first, after the invoice `startingAfter`. */
export function listInvoices(startingAfter?: string): Promise<ListInvoicesResponse> {
  const query = startingAfter ? `?starting_after=${encodeURIComponent(startingAfter)}` : '';
  return apiRequest({ method: 'GET', path: `/invoices${query}`, schema: listInvoicesResponseSchema, failure: 'load the billing history' });
}

/**
 * The billing history, a page at a time. `version` is the subscription's last
 * change: when a payment lands (a renewal, a plan switch) the list is read again,
 * while the previous one stays on screen.
 */
export function useInvoices(version: string | null) {
  return useInfiniteQuery({
    queryKey: [...INVOICES_QUERY_KEY, version],
    queryFn: ({ pageParam }) => listInvoices(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.invoices.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}
