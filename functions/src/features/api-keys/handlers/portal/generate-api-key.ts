import { generateApiKeyRequestSchema, type GenerateApiKeyResponse } from '../../contracts/api-keys';
import { toApiKeyView } from '../../domain/api-key-service';
import { entitlementOf } from '../../domain/entitlement';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { apiKeyService } from '../../wiring/api-keys';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { subscriptionLookup } from '../../../billing/wiring/subscriptions';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { name, mode, expires_at: expiresAt } = parseJsonBody(event, generateApiKeyRequestSchema);
  const entitlement = entitlementOf(await subscriptionLookup().forUser(userId));
  const { key, record } = await apiKeyService().create(userId, name, entitlement, mode, expiresAt);
  const response: GenerateApiKeyResponse = { key, apiKey: toApiKeyView(record) };
  return json(201, response, { 'Cache-Control': 'no-store' });
});
