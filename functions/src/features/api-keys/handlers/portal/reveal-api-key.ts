import type { RevealApiKeyResponse } from '../../contracts/api-keys';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { apiKeyService } from '../../wiring/api-keys';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `POST /api-keys/{id}/reveal`: the full key, opened for its owner only; anyone else's id is a 404. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const id = event.pathParameters?.id ?? '';
  const response: RevealApiKeyResponse = { id, key: await apiKeyService().reveal(userId, id) };
  return json(200, response, { 'Cache-Control': 'no-store' });
});
