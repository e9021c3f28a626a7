import { queryOptions, useQuery } from '@tanstack/react-query';
import { listApiKeysResponseSchema, type ListApiKeysResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's active keys, the choices of the key filter (the same answer the keys page caches). */
export function listLogKeys(): Promise<ListApiKeysResponse> {
  return apiRequest({ method: 'GET', path: '/api-keys', schema: listApiKeysResponseSchema, failure: 'load API keys' });
}

export const logKeysQuery = queryOptions({ queryKey: queryKeys.apiKeys, queryFn: listLogKeys });

export function useLogKeys() {
  return useQuery(logKeysQuery);
}
