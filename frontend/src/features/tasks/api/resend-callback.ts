import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callbackResendSchema, type CallbackResend } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function resendCallback(id: string): Promise<CallbackResend> {
  return apiRequest({ method: 'POST', path: `/tasks/${encodeURIComponent(id)}/callback`, schema: callbackResendSchema, failure: 'resend the callback' });
}

/** Queues one more delivery; the task is read again until the try shows on it. */
export function useResendCallback(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => resendCallback(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.task(id) }),
  });
}
