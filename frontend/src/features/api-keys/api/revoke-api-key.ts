import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeApiKeyResponseSchema, type ListApiKeysResponse, type RevokeApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function revokeApiKey(id: string): Promise<RevokeApiKeyResponse> {
  return apiRequest({ method: 'DELETE', path: `/api-keys/${encodeURIComponent(id)}`, schema: revokeApiKeyResponseSchema, failure: 'revoke API key' });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: async ({ id }) => {
      // A revoked key leaves the list at once, before the reload confirms it.
      client.setQueryData<ListApiKeysResponse>(queryKeys.apiKeys, (current) => {
        if (!current) return current;
        const keys = current.keys.filter((key) => key.id !== id);
        return { keys, active_count: Math.max(0, current.active_count - (current.keys.length - keys.length)) };
      });
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.apiKeys }), client.invalidateQueries({ queryKey: queryKeys.usageStatsAll })]);
    },
  });
}
