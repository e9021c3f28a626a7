import { generateApiKeyRequestSchema, type GenerateApiKeyResponse } from '../../contracts/api-keys';
import { toApiKeyView } from '../../domain/api-keys/api-key-service';
import { ValidationError } from '../../domain/shared/errors';
import { cognitoUserId, rawBody } from '../../http/request';
import { json } from '../../http/responses';
import { portalHandler } from '../../http/wrap';
import { apiKeyService, portalOrigin } from '../services';

export const handler = portalHandler(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  let body: unknown;
  try {
    body = JSON.parse(rawBody(event).toString('utf8') || '{}');
  } catch {
    throw new ValidationError('The request body must be JSON.', { param: 'body' });
  }
  const parsed = generateApiKeyRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue?.message ?? 'name is required', { param: String(issue?.path[0] ?? 'body') });
  }
  const { key, record } = await apiKeyService().create(userId, parsed.data.name);
  const response: GenerateApiKeyResponse = { key, apiKey: toApiKeyView(record) };
  return json(201, response, { 'Cache-Control': 'no-store' });
});
