import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rollApiKeyResponseSchema, type RollApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function rollApiKey({ id, overlapSeconds }: { id: string; overlapSeconds: number }): Promise<RollApiKeyResponse> {
  return apiRequest({
    method: 'POST',
    path: `/api-keys/${encodeURIComponent(id)}/roll`,
    body: { overlap_seconds: overlapSeconds },
    schema: rollApiKeyResponseSchema,
    failure: 'roll API key',
  });
}

/** Rolls a key: the new one joins the list, the old one shows its expiry. */
export function useRollApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rollApiKey,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.apiKeys }), client.invalidateQueries({ queryKey: queryKeys.usageStatsAll })]);
    },
  });
}
