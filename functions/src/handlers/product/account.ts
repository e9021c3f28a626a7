import { planByTier } from '../../contracts/plans';
import { apiKeyPrincipal } from '../../http/request';
import { json } from '../../http/responses';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { readServices } from '../wiring/keyed-reads';

/** `GET /account`: what the calling key is entitled to, as the authorizer resolved it. */
export const handler = keyedEndpoint(readServices, (event) => {
  const { apiKeyId, tier, subscriptionStatus } = apiKeyPrincipal(event);
  return Promise.resolve(
    json(200, {
      object: 'account',
      api_key_id: apiKeyId,
      tier,
      plan: planByTier(tier).name,
      subscription_status: subscriptionStatus,
      rate_limit: { requests_per_minute: planByTier(tier).requestsPerMinute },
    }),
  );
});
