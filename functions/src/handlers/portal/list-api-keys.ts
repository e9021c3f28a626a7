import type { ListApiKeysResponse } from '../../contracts/api-keys';
import { toApiKeyView } from '../../domain/api-keys/api-key-service';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { apiKeyService } from '../wiring/api-keys';
import { portalOrigin } from '../wiring/portal-origin';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const keys = (await apiKeyService().listActive(userId)).map(toApiKeyView);
  const response: ListApiKeysResponse = { keys, active_count: keys.length };
  return json(200, response);
});
