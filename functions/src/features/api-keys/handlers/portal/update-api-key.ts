import { updateApiKeyRequestSchema, type UpdateApiKeyResponse } from '../../contracts/api-keys';
import { toApiKeyView } from '../../domain/api-key-service';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { apiKeyService } from '../../wiring/api-keys';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `PATCH /api-keys/{id}`: renames the caller's own key, sets its expiry or clears it; anyone else's id is a 404. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { name, expires_at: expiresAt } = parseJsonBody(event, updateApiKeyRequestSchema);
  const record = await apiKeyService().update(userId, event.pathParameters?.id ?? '', {
    ...(name !== undefined ? { name } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  });
  const response: UpdateApiKeyResponse = { apiKey: toApiKeyView(record) };
  return json(200, response);
});
