import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { portalTaskListSchema, type PortalTaskList } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { tasksQueryOf, type TaskFilters } from '../task-filters';

export const TASKS_PAGE_LIMIT = 50;
/** While a task on the first page still runs, the list asks again this often, so its end shows by itself. */
const RUNNING_REFRESH_MS = 3000;

export function listTasks(filters: TaskFilters, cursor: string | null): Promise<PortalTaskList> {
  const query = tasksQueryOf(filters, TASKS_PAGE_LIMIT, cursor).toString();
  return apiRequest({ method: 'GET', path: `/tasks?${query}`, schema: portalTaskListSchema, failure: 'load tasks' });
}

/** The caller's tasks matching the filters, a page at a time, newest first. */
export function useTasks(filters: TaskFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.tasks(tasksQueryOf(filters, TASKS_PAGE_LIMIT).toString()),
      queryFn: ({ pageParam }) => listTasks(filters, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
      staleTime: 0,
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.pages[0]?.data.some((task) => task.status === 'queued' || task.status === 'processing') ? RUNNING_REFRESH_MS : false),
    }),
  );
}
