import { TEST_MODE } from '../../../kernel/contracts/key-modes';
import { TEST_API_KEY_PREFIX } from '../../api-keys/domain/api-key-format';

/**
 * What the key scheme says about live and test keys, from the numbers the
 * worker and the limits apply, so the document cannot promise other caps.
 * `x-test-mode` carries the same numbers for programs.
 */
export const apiKeyScheme = {
  type: 'apiKey',
  in: 'header',
  name: 'X-API-Key',
  description: [
    'Your API key, from the API Keys page of the portal.',
    `Live keys (\`ff_…\`) do the real work under your plan's limits. Test keys (\`${TEST_API_KEY_PREFIX}…\`) can be created by every signed-up user, before any subscription: they reach every endpoint with every plan's features, and answer exactly as live keys do.`,
    `A test key's outputs are watermarked ("${TEST_MODE.watermark}", burned into pictures and written in the file's comment) and capped: at most ${TEST_MODE.maxOutputSeconds} seconds long and ${TEST_MODE.maxOutputHeight} pixels high (sound only is just shortened).`,
    `Test keys have limits of their own: ${TEST_MODE.requestsPerMinute} processing requests per minute per key, and ${TEST_MODE.concurrentJobs} running job at a time per account (more wait, queued). They never count against your plan: not its per-minute allowance, its running jobs or its usage figures. Their requests show with a Test badge in the portal's keys and logs.`,
  ].join('\n\n'),
  'x-test-mode': {
    key_prefix: TEST_API_KEY_PREFIX,
    max_output_seconds: TEST_MODE.maxOutputSeconds,
    max_output_height: TEST_MODE.maxOutputHeight,
    watermark: TEST_MODE.watermark,
    requests_per_minute: TEST_MODE.requestsPerMinute,
    concurrent_jobs: TEST_MODE.concurrentJobs,
  },
} as const;
