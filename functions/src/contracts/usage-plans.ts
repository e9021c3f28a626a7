import type { Tier } from './plans';

/**
 * API Gateway usage plans of the three tiers: the outer guard in front of the
 * exact per-minute limits our own code counts. API Gateway throttles with a
 * token bucket per second, so the steady rate is the per-minute limit per
 * second (3/60 rps) and the burst is the per-minute allowance, the closest it
 * can express "n a minute". Elite has no product limit; its plan is a safety
 * ceiling against runaway clients. The CDK stack builds the plans from these
 * numbers and the local gateway applies the same buckets.
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
  { tier: 'basic', description: '3 requests per minute', rateLimit: 3 / 60, burstLimit: 3 },
  { tier: 'boost', description: '5 requests per minute', rateLimit: 5 / 60, burstLimit: 5 },
  { tier: 'elite', description: 'no product limit; safety ceiling', rateLimit: 50, burstLimit: 100 },
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
