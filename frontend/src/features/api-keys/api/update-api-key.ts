import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateApiKeyResponseSchema, type UpdateApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateApiKeyInput {
  id: string;
  name?: string;
  /** An ISO instant, or null to clear the expiry; left as it is when absent. */
  expires_at?: string | null;
}

export function updateApiKey({ id, ...changes }: UpdateApiKeyInput): Promise<UpdateApiKeyResponse> {
  return apiRequest({
    method: 'PATCH',
    path: `/api-keys/${encodeURIComponent(id)}`,
    body: { ...changes, ...(changes.name !== undefined ? { name: changes.name.trim() } : {}) },
    schema: updateApiKeyResponseSchema,
    failure: 'update API key',
  });
}

/** Renames a key or changes its expiry; the list reloads with the key as the server now holds it. */
export function useUpdateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.apiKeys });
    },
  });
}
