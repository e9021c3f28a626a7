import { useQuery } from '@tanstack/react-query';
import { portalTaskDetailSchema, type PortalTaskDetail } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { apiRequest } from '../../../lib/api-client';

/**
 * The output of a run, through the portal's view of the user's own task: it
 * carries a short-lived signed link that a `<video>` can play, where the
 * product API's download needs the key in a header that a player cannot send.
 */
export function getTryItOutput(id: string): Promise<PortalTaskDetail> {
  return apiRequest({ method: 'GET', path: `/tasks/${encodeURIComponent(id)}`, schema: portalTaskDetailSchema, failure: 'load the output' });
}

export function useTryItOutput(id: string | undefined) {
  return useQuery({ queryKey: ['try-it', 'output', id], queryFn: () => getTryItOutput(id ?? ''), enabled: id !== undefined, staleTime: Infinity, gcTime: 0 });
}
