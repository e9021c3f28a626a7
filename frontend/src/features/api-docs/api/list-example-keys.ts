import { useQuery } from '@tanstack/react-query';
import { listApiKeysResponseSchema, type ListApiKeysResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function listExampleKeys(): Promise<ListApiKeysResponse> {
  return apiRequest({ method: 'GET', path: '/api-keys', schema: listApiKeysResponseSchema, failure: 'load API keys' });
}

/** The user's active keys (names and masks only), to pick one for the examples; the same cache as the keys page. */
export function useExampleKeys(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: listExampleKeys, enabled });
}
