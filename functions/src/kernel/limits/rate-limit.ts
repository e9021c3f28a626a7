import { TEST_MODE } from '../contracts/key-modes';
import { PLANS, type Tier } from '../contracts/plans';
import type { GatewayPlan } from '../contracts/usage-plans';

/** One key's standing in its current window. */
export interface RateWindow {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the allowance is whole again. */
  resetSeconds: number;
  /** When the window a counted request went into opened (epoch ms): a request given back goes back to that window only. */
  openedAtMs?: number;
}

/** Counts requests per window atomically; the first request of a window opens it. */
export interface RateWindowStore {
  take(id: string, limit: number, windowSeconds: number, nowMs: number): Promise<RateWindow>;
  peek(id: string, limit: number, windowSeconds: number, nowMs: number): Promise<RateWindow>;
  /** Uncounts one request of the window opened at `openedAtMs`; nothing when that window has closed. True when given back. */
  giveBack(id: string, openedAtMs: number): Promise<boolean>;
}

export const RATE_WINDOW_SECONDS = 60;

/** Whose counted request it was, for whoever watches the counts. */
export interface RateSubject {
  userId: string;
  tier: Tier;
}

/** Told where a key stands after each counted request (usage alerts). */
export type RateWatcher = (subject: RateSubject, window: RateWindow) => Promise<unknown>;

/** Requests per minute per key by tier, or a test key's own; null means no product limit (Elite). */
export const requestsPerMinute = (tier: GatewayPlan): number | null =>
  tier === 'test' ? TEST_MODE.requestsPerMinute : (PLANS.find((plan) => plan.tier === tier)?.requestsPerMinute ?? null);

/**
 * The exact per-minute limit of each key (Basic 3, Boost 5, Elite none, a
 * test key its own, in a window apart from every live key's):
 * a window opens with a key's first counted request and holds `limit`
 * requests for 60 s. Counted in the table with conditional updates, so
 * concurrent requests on many Lambda instances share one count.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateWindowStore,
    private readonly now: () => number = Date.now,
    private readonly watcher?: RateWatcher,
  ) {}

  /** Counts one request; null when the tier has no limit. */
  take(apiKeyId: string, tier: GatewayPlan): Promise<RateWindow | null> {
    const limit = requestsPerMinute(tier);
    return limit === null ? Promise.resolve(null) : this.store.take(windowId(apiKeyId), limit, RATE_WINDOW_SECONDS, this.now());
  }

  /** Hands a counted request's standing to the watcher; nothing to do without one. */
  watch(subject: RateSubject, window: RateWindow): Promise<unknown> {
    return this.watcher ? this.watcher(subject, window) : Promise.resolve();
  }

  /**
   * Uncounts a request that was counted and then made no task (refused
   * after its turn here): the window it went into gets its place back, so
   * only accepted requests use the allowance. The standing as it is now.
   */
  async giveBack(apiKeyId: string, taken: RateWindow): Promise<RateWindow> {
    if (taken.openedAtMs === undefined || !(await this.store.giveBack(windowId(apiKeyId), taken.openedAtMs))) return taken;
    return { ...taken, allowed: true, remaining: Math.min(taken.limit, taken.remaining + 1) };
  }

  /** The standing without counting (for the headers of answers that are not counted). */
  peek(apiKeyId: string, tier: GatewayPlan): Promise<RateWindow | null> {
    const limit = requestsPerMinute(tier);
    return limit === null ? Promise.resolve(null) : this.store.peek(windowId(apiKeyId), limit, RATE_WINDOW_SECONDS, this.now());
  }
}

/** The item that holds a key's current window. */
export const windowId = (apiKeyId: string) => `rate#${apiKeyId}`;

/**
 * The IETF draft's headers (draft-ietf-httpapi-ratelimit-headers):
 * `RateLimit-Policy: "minute";q=3;w=60` and `RateLimit: "minute";r=2;t=41`.
 */
export function rateLimitHeaders(window: RateWindow): Record<string, string> {
  return {
    'RateLimit-Policy': `"minute";q=${window.limit};w=${RATE_WINDOW_SECONDS}`,
    RateLimit: `"minute";r=${window.remaining};t=${window.resetSeconds}`,
  };
}
