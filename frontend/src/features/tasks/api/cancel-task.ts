import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskViewSchema, type PortalTaskView } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function cancelTask(id: string): Promise<PortalTaskView> {
  return apiRequest({ method: 'POST', path: `/tasks/${encodeURIComponent(id)}/cancel`, schema: taskViewSchema, failure: 'cancel the task' });
}

export function useCancelTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelTask,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tasksAll }),
  });
}
