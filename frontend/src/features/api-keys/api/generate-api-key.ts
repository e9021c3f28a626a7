import { generateApiKeyResponseSchema, type GenerateApiKeyResponse } from '@frameforge/functions/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';

export function generateApiKey(name: string): Promise<GenerateApiKeyResponse> {
  return apiRequest({
    method: 'POST',
    path: '/generate-api-key',
    body: { name: name.trim() },
    schema: generateApiKeyResponseSchema,
    failure: 'generate API key',
  });
}
