import { listApiKeysResponseSchema, type ListApiKeysResponse } from '@frameforge/functions/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';

export function listApiKeys(): Promise<ListApiKeysResponse> {
  return apiRequest({ method: 'GET', path: '/api-keys', schema: listApiKeysResponseSchema, failure: 'load API keys' });
}
