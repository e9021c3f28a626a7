import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { GatewayPlan } from '../../contracts/usage-plans';
import type { Caller } from '../../contracts/caller';
import { rateLimitHeaders, type RateLimiter, type RateWindow } from '../../limits/rate-limit';
import { RateLimitedError } from '../../domain/errors';
import { productErrorResponse } from '../errors';
import { apiKeyPrincipal } from '../request';
import type { ProductContext } from './product-context';
import { logger } from '../logging';

export type ProductMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ProductContext>;

/** The key's owner and tier, as the authorizer resolved them. */
export const caller = (): ProductMiddleware => ({
  before: (request) => {
    request.context.caller = apiKeyPrincipal(request.event);
  },
});

/** The limit a caller's requests count against: a test key's own, else its tier's. */
const limitPlanOf = (who: Caller): GatewayPlan => (who.mode === 'test' ? 'test' : who.tier);

/** The 429 of a spent window, in the words of the caller's key. */
function rateLimited(who: Caller, window: RateWindow): RateLimitedError {
  if (who.mode === 'test') {
    return new RateLimitedError(`Rate limit reached: ${window.limit} requests per minute on a test key.`, window.resetSeconds, {
      hint: `Retry after ${window.resetSeconds} s; test keys have their own small limit, apart from your plan's.`,
    });
  }
  return new RateLimitedError(`Rate limit reached: ${window.limit} requests per minute on the ${who.tier} plan.`, window.resetSeconds, {
    hint: `Retry after ${window.resetSeconds} s, or upgrade for a higher limit.`,
  });
}

/** The most a request waits for its usage alert: the alert never fails the request and barely slows it. */
const WATCH_WAIT_MS = 150;
/** Each counted request's pending alert, awaited (bounded) before the answer leaves. */
const watching = new WeakMap<object, Promise<void>>();

/** Settles when `work` does or after `ms`, whichever is first; never rejects (a failure is only logged). */
function settleWithin(work: () => Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => logger.error('usage alert failed', error instanceof Error ? error : String(error)))
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

/**
 * Which requests use the per-minute allowance: `none` only read it (task
 * reads, lists); `tasks` (the processing endpoints) take a place before the
 * work and give it back unless a new task was made, so a refusal, a 409 or
 * a failure of ours costs nothing and an Idempotency-Key replay never takes
 * one (it answers even once the window is spent).
 */
export type Counting = 'none' | 'tasks';

/** Gives a counted request's place back when it made no task; the window as it now stands. */
async function unlessTaskMade(limiter: () => RateLimiter, context: ProductContext): Promise<void> {
  const { caller: who, rateWindow: window, taskId } = context;
  if (!who || !window?.allowed || taskId || !context.counted) return;
  context.counted = false;
  context.rateWindow = await limiter()
    .giveBack(who.apiKeyId, window)
    .catch(() => window);
}

/**
 * The per-key limit: counted requests take from the window (see
 * `Counting`), others only read it. Every answer (errors included) carries the RateLimit headers; a
 * refusal is a 429 whose Retry-After the error mapping adds (only a refusal
 * has one: a 400 sent once the window is spent must not look like one).
 * Where a counted request left the window goes to the limiter's watcher
 * (usage alerts).
 */
export const rateLimit = (limiter: () => RateLimiter, counting: Counting): ProductMiddleware => {
  const withHeaders = async (request: { context: ProductContext; response: APIGatewayProxyResult | null }) => {
    await watching.get(request);
    const who = request.context.caller;
    // A request refused before its turn here (a 400 of validation) still says where the key stands.
    if (request.context.rateWindow === undefined && who && request.response) {
      request.context.rateWindow = await limiter()
        .peek(who.apiKeyId, limitPlanOf(who))
        .catch(() => null);
    }
    const window = request.context.rateWindow;
    if (!window || !request.response) return;
    request.response = { ...request.response, headers: { ...request.response.headers, ...rateLimitHeaders(window) } };
  };
  return {
    before: async (request) => {
      const who = request.context.caller;
      if (!who) return;
      const plan = limitPlanOf(who);
      const count = counting === 'tasks' && request.context.replayTaskId === undefined;
      const window = count ? await limiter().take(who.apiKeyId, plan) : await limiter().peek(who.apiKeyId, plan);
      request.context.rateWindow = window;
      request.context.counted = count && window !== null && window.allowed;
      // Started now and awaited on the way out, so it overlaps the request's own work; a test key's use is no plan's usage.
      if (window && count && who.mode === 'live') watching.set(request, settleWithin(() => limiter().watch({ userId: who.userId, tier: who.tier }, window), WATCH_WAIT_MS));
      if (window && count && !window.allowed) throw rateLimited(who, window);
    },
    after: async (request) => {
      await unlessTaskMade(limiter, request.context);
      await withHeaders(request);
    },
    onError: async (request) => {
      await unlessTaskMade(limiter, request.context);
      await withHeaders(request);
    },
  };
};

/** Typed failures become `{ error: { code, message, param, hint } }`; used last, it runs first on errors. */
export const productErrors = (): ProductMiddleware => ({
  onError: (request) => {
    request.response = productErrorResponse(request.error);
  },
});
