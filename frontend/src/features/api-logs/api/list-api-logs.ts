import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listApiLogsResponseSchema, type ListApiLogsResponse } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { logsQueryOf, type LogFilters } from '../log-filters';

/** The logs page shows the requests 100 at a time (the API's default is 50). */
export const LOGS_PAGE_LIMIT = 100;
/** While a task on the first page still runs, the page asks again this often, so its outcome shows by itself. */
const PENDING_REFRESH_MS = 4000;

export function listApiLogs(filters: LogFilters, cursor: string | null, limit: number = LOGS_PAGE_LIMIT): Promise<ListApiLogsResponse> {
  const query = logsQueryOf(filters, limit, cursor).toString();
  return apiRequest({ method: 'GET', path: `/api-logs?${query}`, schema: listApiLogsResponseSchema, failure: 'load API logs' });
}

export const apiLogsQuery = (filters: LogFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.apiLogs(logsQueryOf(filters, LOGS_PAGE_LIMIT).toString()),
    queryFn: ({ pageParam }) => listApiLogs(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // New requests land all the time: every visit asks again, showing the last answer meanwhile.
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pages[0]?.logs.some((log) => log.task?.outcome === 'pending') ? PENDING_REFRESH_MS : false),
  });

/** The caller's requests matching the filters, a page at a time, newest first. */
export function useApiLogs(filters: LogFilters) {
  return useInfiniteQuery(apiLogsQuery(filters));
}
