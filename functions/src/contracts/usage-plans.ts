import type { Tier } from './plans';

/**
 * API Gateway usage plans of the three tiers: the outer guard in front of the
 * exact per-minute limits our own code counts (Basic 3, Boost 5, Elite none,
 * on processing requests only, answered with RateLimit headers and
 * Retry-After). The plans are ceilings against runaway clients, well above
 * those limits, so that every request a plan's limit refuses reaches our code
 * and gets the exact answer, and a client polling its tasks is never cut
 * off. The CDK stack builds the plans from these numbers and the local
 * gateway applies the same buckets.
 */
export interface TierThrottle {
  readonly tier: Tier;
  readonly description: string;
  /** Steady requests per second. */
  readonly rateLimit: number;
  /** Bucket size: requests allowed at once. */
  readonly burstLimit: number;
}

export const TIER_THROTTLES: readonly TierThrottle[] = [
  { tier: 'basic', description: 'safety ceiling; the product limit is 3 processing requests per minute', rateLimit: 5, burstLimit: 60 },
  { tier: 'boost', description: 'safety ceiling; the product limit is 5 processing requests per minute', rateLimit: 10, burstLimit: 100 },
  { tier: 'elite', description: 'safety ceiling; no product limit', rateLimit: 50, burstLimit: 200 },
];

export const throttleOf = (tier: Tier): TierThrottle => {
  const found = TIER_THROTTLES.find((t) => t.tier === tier);
  if (!found) throw new Error(`No throttle for tier ${tier}`);
  return found;
};

/**
 * The API Gateway key that mirrors one product key in its tier's plan. Its
 * value is derived from the key's id, never from the secret: the authorizer
 * returns it as `usageIdentifierKey` and nobody presents it.
 */
export const usageIdentifierOf = (apiKeyId: string): string => `ffu_${apiKeyId.replace(/-/g, '')}`;
