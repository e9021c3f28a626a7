import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listApiLogsResponseSchema, type ListApiLogsResponse } from '@frameforge/functions/contracts/api-logs';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The logs page shows the 100 newest requests (the API's default is 50). */
export const LOGS_PAGE_LIMIT = 100;

export function listApiLogs(limit: number = LOGS_PAGE_LIMIT): Promise<ListApiLogsResponse> {
  return apiRequest({ method: 'GET', path: `/api-logs?limit=${limit}`, schema: listApiLogsResponseSchema, failure: 'load API logs' });
}

export const apiLogsQuery = (limit: number = LOGS_PAGE_LIMIT) =>
  queryOptions({
    queryKey: queryKeys.apiLogs(limit),
    queryFn: () => listApiLogs(limit),
    // New requests land all the time: every visit asks again, showing the last answer meanwhile.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useApiLogs(limit: number = LOGS_PAGE_LIMIT) {
  return useQuery(apiLogsQuery(limit));
}
