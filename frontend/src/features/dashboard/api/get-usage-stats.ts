import { queryOptions, useQuery } from '@tanstack/react-query';
import { usageStatsResponseSchema, type UsageStatsResponse } from '@frameforge/functions/features/request-logs/contracts/usage-stats';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { localMidnightIso } from '../local-midnight';

/** `since` is the browser's local midnight: "today" is the reader's day, not the server's. */
export function getUsageStats(since: string): Promise<UsageStatsResponse> {
  return apiRequest({ method: 'GET', path: `/stats?since=${encodeURIComponent(since)}`, schema: usageStatsResponseSchema, failure: 'load usage statistics' });
}

export const usageStatsQuery = (since: string) =>
  queryOptions({
    queryKey: queryKeys.usageStats(since),
    queryFn: () => getUsageStats(since),
    // Requests keep arriving: each visit to the dashboard asks again.
    staleTime: 0,
  });

/** The dashboard's figures; a new day (a new midnight) is a new query. */
export function useUsageStats() {
  return useQuery(usageStatsQuery(localMidnightIso()));
}
