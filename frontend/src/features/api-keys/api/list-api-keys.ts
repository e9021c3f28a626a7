import { queryOptions, useQuery } from '@tanstack/react-query';
import { listApiKeysResponseSchema, type ListApiKeysResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function listApiKeys(): Promise<ListApiKeysResponse> {
  return apiRequest({ method: 'GET', path: '/api-keys', schema: listApiKeysResponseSchema, failure: 'load API keys' });
}

// Every visit asks again (showing the last answer meanwhile): a key's last use moves with each request.
export const apiKeysQuery = queryOptions({ queryKey: queryKeys.apiKeys, queryFn: listApiKeys, staleTime: 0 });

/** The caller's active keys, newest first. */
export function useApiKeys() {
  return useQuery(apiKeysQuery);
}
