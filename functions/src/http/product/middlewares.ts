import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { JobEndpoint } from '../../contracts/product-endpoints';
import { PLANS, tierRank, type Tier } from '../../contracts/plans';
import { rateLimitHeaders, type RateLimiter } from '../../domain/limits/rate-limit';
import { PlanRequiredError, RateLimitedError } from '../../domain/shared/errors';
import { productErrorResponse } from '../errors';
import { parseFormBody } from '../form-body';
import { apiKeyPrincipal, header } from '../request';
import type { VoiceProviderName } from '../../contracts/voices';
import { assertKnownVoice, needsVoice } from '../../domain/voices/known-voice';
import type { ProductContext } from './product-context';
import { parseRequest } from './request-validation';
import { logger } from '../logging';

export type ProductMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ProductContext>;

/** API Gateway's 6 MB request payload, base64 included: about 4.4 MB of binary upload. */
export const MAX_BODY_FILE_BYTES = Math.floor((6 * 1024 * 1024 * 3) / 4) - 64 * 1024;

/** The key's owner and tier, as the authorizer resolved them. */
export const caller = (): ProductMiddleware => ({
  before: (request) => {
    request.context.caller = apiKeyPrincipal(request.event);
  },
});

/**
 * Reads the body (multipart, urlencoded or JSON) and validates it into the
 * endpoint's job request, voice included, against the deployed voice engine.
 */
export const jobRequest = (endpoint: JobEndpoint, voiceProvider: () => VoiceProviderName): ProductMiddleware => ({
  before: async (request) => {
    const body = await parseFormBody(request.event, { maxFileBytes: MAX_BODY_FILE_BYTES, listFields: endpoint.listFields });
    request.context.body = body;
    const parsed = parseRequest(endpoint.schema, body);
    // The voice is checked here, before any job is made; the key may come as a field or a header.
    if ('voice_id' in parsed.job.params && needsVoice(parsed.job.type, parsed.inputs.map((input) => input.role))) {
      const ownKey = parsed.elevenlabsKey ?? header(request.event, 'x-elevenlabs-key')?.trim();
      assertKnownVoice(parsed.job.params.voice_id, { provider: voiceProvider(), withOwnKey: Boolean(ownKey) });
    }
    request.context.request = parsed;
  },
});

const plansFrom = (tier: Tier) =>
  PLANS.filter((plan) => tierRank(plan.tier) >= tierRank(tier))
    .map((plan) => plan.name)
    .join(' or ');

/** Features of higher plans: a 403 naming the parameter and the plans that have it. */
export const tierGates = (endpoint: JobEndpoint): ProductMiddleware => ({
  before: (request) => {
    const { caller: who, request: parsed } = request.context;
    if (!who || !parsed) return;
    for (const rule of endpoint.tierRules) {
      if (tierRank(who.tier) < tierRank(rule.minTier) && rule.appliesTo(parsed)) {
        throw new PlanRequiredError(`${rule.feature} needs the ${plansFrom(rule.minTier)} plan; this key's plan is ${who.tier}.`, {
          param: rule.param,
          hint: `Upgrade to ${plansFrom(rule.minTier)} on the Subscription page of the portal.`,
        });
      }
    }
  },
});

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
 * The per-key limit: `count` requests take from the window, others only
 * read it. Every answer (errors included) carries the RateLimit headers; a
 * refusal is a 429 whose Retry-After the error mapping adds (only a refusal
 * has one: a 400 sent once the window is spent must not look like one).
 * Where a counted request left the window goes to the limiter's watcher
 * (usage alerts).
 */
export const rateLimit = (limiter: () => RateLimiter, count: boolean): ProductMiddleware => {
  const withHeaders = async (request: { context: ProductContext; response: APIGatewayProxyResult | null }) => {
    await watching.get(request);
    const who = request.context.caller;
    // A request refused before its turn here (a 400 of validation) still says where the key stands.
    if (request.context.rateWindow === undefined && who && request.response) {
      request.context.rateWindow = await limiter()
        .peek(who.apiKeyId, who.tier)
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
      const window = count ? await limiter().take(who.apiKeyId, who.tier) : await limiter().peek(who.apiKeyId, who.tier);
      request.context.rateWindow = window;
      // Started now and awaited on the way out, so it overlaps the request's own work.
      if (window && count) watching.set(request, settleWithin(() => limiter().watch({ userId: who.userId, tier: who.tier }, window), WATCH_WAIT_MS));
      if (window && count && !window.allowed) {
        throw new RateLimitedError(`Rate limit reached: ${window.limit} requests per minute on the ${who.tier} plan.`, window.resetSeconds, {
          hint: `Retry after ${window.resetSeconds} s, or upgrade for a higher limit.`,
        });
      }
    },
    after: withHeaders,
    onError: withHeaders,
  };
};

/** Typed failures become `{ error: { code, message, param, hint } }`; used last, it runs first on errors. */
export const productErrors = (): ProductMiddleware => ({
  onError: (request) => {
    request.response = productErrorResponse(request.error);
  },
});
