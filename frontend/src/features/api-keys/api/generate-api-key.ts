import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generateApiKeyResponseSchema, type GenerateApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import type { ApiKeyMode } from '@frameforge/functions/kernel/contracts/key-modes';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function generateApiKey({ name, mode, expiresAt }: { name: string; mode: ApiKeyMode; expiresAt?: string | null }): Promise<GenerateApiKeyResponse> {
  return apiRequest({
    method: 'POST',
    path: '/generate-api-key',
    body: { name: name.trim(), mode, ...(expiresAt ? { expires_at: expiresAt } : {}) },
    schema: generateApiKeyResponseSchema,
    failure: 'generate API key',
  });
}

export function useGenerateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateApiKey,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.apiKeys }), client.invalidateQueries({ queryKey: queryKeys.usageStatsAll })]);
    },
  });
}
