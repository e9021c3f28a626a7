import { planByTier, PLANS } from '../../../kernel/contracts/plans';
import { STAGE_THROTTLES, THROTTLE_RETRY_AFTER_SECONDS, TIER_THROTTLES } from '../../../kernel/contracts/usage-plans';
import { FIREWALL_RETRY_AFTER_SECONDS } from '../../../kernel/http/gateway-responses';

/**
 * The error answers of each kind of operation: what the gateway answers
 * before our code runs (no key, no subscription, too large, throttled,
 * timed out) and what our code answers, each with the JSON error body.
 */

/** Public routes, keyed routes that only read, the voice list (counted), the processing endpoints (counted, with a body). */
export type OperationKind = 'public' | 'keyed' | 'counted' | 'job';

export const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const retryAfter = {
  'Retry-After': {
    required: true,
    description: `Whole seconds to wait before sending the request again: ${THROTTLE_RETRY_AFTER_SECONDS} after the gateway's throttle, the rest of the window after the per-minute limit, ${FIREWALL_RETRY_AFTER_SECONDS} after the firewall's per-address flood guard.`,
    schema: { type: 'integer', minimum: 1 },
  },
};

export const rateLimitHeaders = {
  'RateLimit-Policy': { schema: { type: 'string' }, description: 'The key\'s limit, e.g. `"minute";q=3;w=60` (not sent on Elite, which has no limit).' },
  RateLimit: { schema: { type: 'string' }, description: 'What is left in the window, e.g. `"minute";r=2;t=41`.' },
};

const perMinute = PLANS.map((plan) => `${plan.name} ${plan.requestsPerMinute ?? 'no limit'}`).join(', ');
const planThrottles = TIER_THROTTLES.map((t) => `${planByTier(t.tier).name} ${t.rateLimit}/s with bursts of ${t.burstLimit}`).join(', ');
const stage = STAGE_THROTTLES.product;

const throttled: Record<OperationKind, string> = {
  public: `Too many requests: the API's throttle allows ${stage.rateLimit} requests a second across all callers, with bursts of ${stage.burstLimit}. Retry after Retry-After.`,
  keyed: `Too many requests: the gateway throttles every request of a key, reads included (${planThrottles}). Reads never count against the per-minute limit. Retry after Retry-After.`,
  counted: `The key's per-minute limit (${perMinute}; with the RateLimit headers), or the gateway's throttle of every request of a key (${planThrottles}). Retry after Retry-After.`,
  job: `The key's per-minute limit of processing requests (${perMinute}; with the RateLimit headers), or the gateway's throttle of every request of a key (${planThrottles}). Retry after Retry-After.`,
};

const serverErrors = errorResponse(
  'A failure on our side: `internal_error` (500, 502), `upstream_unavailable` (503, a service the request needs is down) or `gateway_timeout` (504, past the 29 s a request may take). Retry later.',
);

/** The answers of the gateway and of our code that every operation of a kind may give; its own answers come on top. */
export function commonErrors(kind: OperationKind) {
  const counted = kind === 'counted' || kind === 'job';
  return {
    ...(kind === 'public'
      ? {}
      : {
          '401': errorResponse('Missing, unknown or revoked `X-API-Key`.'),
          '403': errorResponse("The key's account has no active subscription."),
        }),
    '413': errorResponse('The request is larger than the API accepts: 6 MB once encoded. Send large files by URL or `POST /uploads`.'),
    '429': errorResponse(throttled[kind], counted ? { ...retryAfter, ...rateLimitHeaders } : retryAfter),
    '5XX': serverErrors,
  };
}

/** The processing endpoints' own refusals, besides the common ones. */
export const jobErrors = {
  '400': errorResponse('A parameter is missing or invalid; `param` names it.'),
  '403': errorResponse('No active subscription, or a feature of a higher plan (`plan_required`, `param` names it).'),
  '404': errorResponse('A file_id that is not yours or has expired.'),
  '409': errorResponse('An Idempotency-Key reused with another request or still in use, or a file_id whose file was not uploaded yet.'),
  '422': errorResponse('With download=1 (and always on /frame/last): the task failed; the error says why. With dry_run=1: an input that would make the task fail (crop_out_of_bounds, start_out_of_range, no_video_stream, no_audio_stream, video_required, invalid_media).'),
};
