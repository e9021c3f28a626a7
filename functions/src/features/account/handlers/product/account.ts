import { TEST_MODE } from '../../../../kernel/contracts/key-modes';
import { planByTier } from '../../../../kernel/contracts/plans';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { readServices } from '../../../jobs/wiring/keyed-reads';

/**
 * `GET /account`: what the calling key is entitled to, as the authorizer
 * resolved it. A test key has every plan's features (the highest tier) but
 * its own limit and capped outputs, which it says as well.
 */
export const handler = keyedEndpoint(readServices, (event) => {
  const { apiKeyId, tier, subscriptionStatus, mode } = apiKeyPrincipal(event);
  const test = mode === 'test';
  return Promise.resolve(
    json(200, {
      object: 'account',
      api_key_id: apiKeyId,
      key_mode: mode,
      tier,
      plan: planByTier(tier).name,
      subscription_status: subscriptionStatus,
      rate_limit: { requests_per_minute: test ? TEST_MODE.requestsPerMinute : planByTier(tier).requestsPerMinute },
      test_mode: test
        ? {
            max_output_seconds: TEST_MODE.maxOutputSeconds,
            max_output_height: TEST_MODE.maxOutputHeight,
            watermark: TEST_MODE.watermark,
            concurrent_jobs: TEST_MODE.concurrentJobs,
          }
        : null,
    }),
  );
});
