import { useMutation } from '@tanstack/react-query';
import { revealApiKeyResponseSchema, type RevealApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';

export function revealExampleKey(id: string): Promise<RevealApiKeyResponse> {
  return apiRequest({ method: 'POST', path: `/api-keys/${encodeURIComponent(id)}/reveal`, schema: revealApiKeyResponseSchema, failure: 'reveal API key' });
}

/**
 * A mutation, not a query: the full key is opened on request and never cached, so going back
 * to the placeholder (`reset`) drops it from memory.
 */
export function useRevealExampleKey() {
  return useMutation({ mutationFn: revealExampleKey });
}
