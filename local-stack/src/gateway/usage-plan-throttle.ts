import { tierSchema } from '@frameforge/functions/kernel/contracts/plans';
import { planThrottleOf } from '@frameforge/functions/kernel/contracts/usage-plans';

interface Bucket {
  tokens: number;
  at: number;
}

/** One bucket's size and refill, as API Gateway's throttles give them. */
export interface BucketLimits {
  /** Steady requests per second. */
  readonly rateLimit: number;
  /** Bucket size: requests allowed at once. */
  readonly burstLimit: number;
}

/** API Gateway's throttle: a token bucket per id that starts full and refills at its rate. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True when the request may pass; takes one token. */
  take(id: string, { rateLimit, burstLimit }: BucketLimits): boolean {
    const now = this.now();
    const bucket = this.buckets.get(id) ?? { tokens: burstLimit, at: now };
    bucket.tokens = Math.min(burstLimit, bucket.tokens + ((now - bucket.at) / 1000) * rateLimit);
    bucket.at = now;
    this.buckets.set(id, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}

/**
 * API Gateway's usage-plan throttle for the local gateway: a token bucket per
 * usage identifier, sized by the plan of the tier the authorizer resolved, or
 * the test plan for a test key (on AWS the identifier names a gateway key
 * that sits in that plan).
 */
export class UsagePlanThrottle {
  private readonly buckets: TokenBuckets;

  constructor(now: () => number = Date.now) {
    this.buckets = new TokenBuckets(now);
  }

  /** True when the request may pass; takes one token. */
  take(usageIdentifierKey: string | undefined, tier: unknown, keyMode?: unknown): boolean {
    const parsed = tierSchema.safeParse(tier);
    if (!usageIdentifierKey || !parsed.success) return true;
    return this.buckets.take(usageIdentifierKey, planThrottleOf(keyMode === 'test' ? 'test' : parsed.data));
  }
}
