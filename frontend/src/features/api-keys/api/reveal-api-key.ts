import { useMutation } from '@tanstack/react-query';
import { revealApiKeyResponseSchema, type RevealApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';

export function revealApiKey(id: string): Promise<RevealApiKeyResponse> {
  return apiRequest({
    method: 'POST',
    path: `/api-keys/${encodeURIComponent(id)}/reveal`,
    schema: revealApiKeyResponseSchema,
    failure: 'reveal API key',
  });
}

/**
 * A mutation, not a query: the secret is opened on request and never cached, so hiding it
 * (`reset`) drops it from memory and the next reveal asks the server again.
 */
export function useRevealApiKey() {
  return useMutation({ mutationFn: revealApiKey });
}
