import { useQuery } from '@tanstack/react-query';
import { portalTaskDetailSchema, type PortalTaskDetail } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** While the task runs, or a resent callback is on its way, the page asks again this often. */
const REFRESH_MS = 2000;

export function getTask(id: string): Promise<PortalTaskDetail> {
  return apiRequest({ method: 'GET', path: `/tasks/${encodeURIComponent(id)}`, schema: portalTaskDetailSchema, failure: 'load the task' });
}

/** One task; `awaitingTries` above the tries recorded keeps it refreshing until the resent one shows. */
export function useTask(id: string, awaitingTries = 0) {
  return useQuery({
    queryKey: queryKeys.task(id),
    queryFn: () => getTask(id),
    staleTime: 0,
    // A missing task stays missing: no retries of a 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    refetchInterval: (query) => {
      const task = query.state.data;
      if (!task) return false;
      const running = task.status === 'queued' || task.status === 'processing';
      return running || (task.callback?.attempts.length ?? 0) < awaitingTries ? REFRESH_MS : false;
    },
  });
}
