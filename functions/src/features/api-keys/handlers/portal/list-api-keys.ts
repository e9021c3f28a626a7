import type { ListApiKeysResponse } from '../../contracts/api-keys';
import { toApiKeyView } from '../../domain/api-key-service';
import { isExpired } from '../../domain/key-expiry';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { apiKeyService } from '../../wiring/api-keys';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** The caller's keys not revoked, expired ones included (shown as expired, until revoked); only working keys count as active. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const records = await apiKeyService().listActive(userId);
  const now = new Date();
  const response: ListApiKeysResponse = { keys: records.map(toApiKeyView), active_count: records.filter((record) => !isExpired(record, now)).length };
  return json(200, response);
});
