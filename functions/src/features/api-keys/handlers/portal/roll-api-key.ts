import { rollApiKeyRequestSchema, type RollApiKeyResponse } from '../../contracts/api-keys';
import { toApiKeyView } from '../../domain/api-key-service';
import { entitlementOf } from '../../domain/entitlement';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { apiKeyService } from '../../wiring/api-keys';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { subscriptionLookup } from '../../../billing/wiring/subscriptions';

/**
 * `POST /api-keys/{id}/roll`: a new key in place of the caller's own key (its
 * secret in this answer only), the old one working for `overlap_seconds` more.
 * A live key is rolled only while a subscription is active, as it is created.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const id = event.pathParameters?.id ?? '';
  // An id that is not the caller's key is a 404 whatever the body says, as for every route of a key.
  await apiKeyService().getOwned(userId, id);
  const { overlap_seconds: overlapSeconds } = parseJsonBody(event, rollApiKeyRequestSchema);
  const entitlement = entitlementOf(await subscriptionLookup().forUser(userId));
  const { key, record, previous } = await apiKeyService().roll(userId, id, overlapSeconds, entitlement);
  const response: RollApiKeyResponse = { key, apiKey: toApiKeyView(record), previous: toApiKeyView(previous) };
  return json(201, response, { 'Cache-Control': 'no-store' });
});
