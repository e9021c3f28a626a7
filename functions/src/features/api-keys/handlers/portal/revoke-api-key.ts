import type { RevokeApiKeyResponse } from '../../contracts/api-keys';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { apiKeyService } from '../../wiring/api-keys';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `DELETE /api-keys/{id}`: revokes the caller's own key; anyone else's id is a 404. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const id = event.pathParameters?.id ?? '';
  await apiKeyService().revoke(userId, id);
  const response: RevokeApiKeyResponse = { id, revoked: true };
  return json(200, response);
});
