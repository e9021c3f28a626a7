import { tierSchema } from '../../contracts/plans';
import { throttleOf } from '../../contracts/usage-plans';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * API Gateway's usage-plan throttle for the local gateway: a token bucket per
 * usage identifier, sized by the plan of the tier the authorizer resolved
 * (on AWS the identifier names a gateway key that sits in that plan).
 */
export class UsagePlanThrottle {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True when the request may pass; takes one token. */
  take(usageIdentifierKey: string | undefined, tier: unknown): boolean {
    const parsed = tierSchema.safeParse(tier);
    if (!usageIdentifierKey || !parsed.success) return true;
    const { rateLimit, burstLimit } = throttleOf(parsed.data);
    const now = this.now();
    const bucket = this.buckets.get(usageIdentifierKey) ?? { tokens: burstLimit, at: now };
    bucket.tokens = Math.min(burstLimit, bucket.tokens + ((now - bucket.at) / 1000) * rateLimit);
    bucket.at = now;
    this.buckets.set(usageIdentifierKey, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
