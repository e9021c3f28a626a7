import { generateApiKeyRequestSchema, type GenerateApiKeyResponse } from '../../contracts/api-keys';
import { toApiKeyView } from '../../domain/api-keys/api-key-service';
import { entitlementOf } from '../../domain/billing/entitlement';
import { parseJsonBody } from '../../http/json-body';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { apiKeyService } from '../wiring/api-keys';
import { portalOrigin } from '../wiring/portal-origin';
import { subscriptionLookup } from '../wiring/subscriptions';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { name, mode, expires_at: expiresAt } = parseJsonBody(event, generateApiKeyRequestSchema);
  const entitlement = entitlementOf(await subscriptionLookup().forUser(userId));
  const { key, record } = await apiKeyService().create(userId, name, entitlement, mode, expiresAt);
  const response: GenerateApiKeyResponse = { key, apiKey: toApiKeyView(record) };
  return json(201, response, { 'Cache-Control': 'no-store' });
});
