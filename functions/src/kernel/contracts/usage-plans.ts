import { TEST_MODE } from './key-modes';
import { TIERS, type Tier } from './plans';

/**
 * API Gateway usage plans of the three tiers: the outer guard in front of the
 * exact per-minute limits our own code counts (Basic 3, Boost 5, Elite none,
 * on processing requests only, answered with RateLimit headers and
 * Retry-After). The plans are ceilings against runaway clients, well above
 * those limits, so that every request a plan's limit refuses reaches our code
 * and gets the exact answer. They throttle every keyed request, task reads
 * included: a client polling as `Retry-After` asks stays far below them. The
 * CDK stack builds the plans from these numbers and the local gateway
 * applies the same buckets.
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

/** The gateway's plans: one per tier, and one for every test key, whatever its owner's subscription. */
export type GatewayPlan = Tier | 'test';
export const GATEWAY_PLANS: readonly GatewayPlan[] = [...TIERS, 'test'];

/** Test keys' plan: small, since a test key is for trying requests out, not for traffic. */
export const TEST_THROTTLE = {
  description: `safety ceiling; the product limit is ${TEST_MODE.requestsPerMinute} processing requests per minute per test key`,
  rateLimit: 2,
  burstLimit: 20,
} as const;

/**
 * The stages' own throttles: the outermost guard of each API, for every
 * method, keyless routes included. The product stage allows twice the
 * highest plan's rate and its burst, so no plan is cut by the stage before
 * its own; the portal's is what a person's browser could ever need.
 */
export const STAGE_THROTTLES: Readonly<Record<'portal' | 'product', { rateLimit: number; burstLimit: number }>> = {
  portal: { rateLimit: 50, burstLimit: 100 },
  product: {
    rateLimit: 2 * Math.max(...TIER_THROTTLES.map((t) => t.rateLimit)),
    burstLimit: Math.max(...TIER_THROTTLES.map((t) => t.burstLimit)),
  },
};

/**
 * The `Retry-After` of a throttled request: every bucket, plan or stage,
 * gets a token back within this many seconds at its own rate.
 */
export const THROTTLE_RETRY_AFTER_SECONDS = Math.max(
  1,
  Math.ceil(1 / Math.min(...TIER_THROTTLES.map((t) => t.rateLimit), TEST_THROTTLE.rateLimit, ...Object.values(STAGE_THROTTLES).map((t) => t.rateLimit))),
);

export const throttleOf = (tier: Tier): TierThrottle => {
  const found = TIER_THROTTLES.find((t) => t.tier === tier);
  if (!found) throw new Error(`No throttle for tier ${tier}`);
  return found;
};

/** The throttle of one gateway plan. */
export const planThrottleOf = (plan: GatewayPlan): { rateLimit: number; burstLimit: number; description: string } =>
  plan === 'test' ? TEST_THROTTLE : throttleOf(plan);

/**
 * The API Gateway key that mirrors one product key in its tier's plan. Its
 * value is derived from the key's id, never from the secret: the authorizer
 * returns it as `usageIdentifierKey` and nobody presents it.
 */
export const usageIdentifierOf = (apiKeyId: string): string => `ffu_${apiKeyId.replace(/-/g, '')}`;

/**
 * Every API Gateway key this stack makes carries this tag, its value the stack's name: the key's deletion
 * is granted on that tag, since API Gateway keys live in the account, not in the stack.
 */
export const GATEWAY_KEY_OWNER_TAG = 'frameforge:stack';
/** The variable that hands the tag's value (the stack's name) to the functions that manage keys. */
export const GATEWAY_KEY_OWNER_ENV = 'GATEWAY_KEY_OWNER';
