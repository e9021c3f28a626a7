import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { RateLimiter } from '../../limits/rate-limit';
import { caller, productErrors, rateLimit, type ProductMiddleware } from './middlewares';
import type { ProductContext } from './product-context';
import { structuredLogs } from '../logging';
import { productCors } from './product-cors';

type Handler = (event: APIGatewayProxyEvent, context: ProductContext) => Promise<APIGatewayProxyResult>;

/**
 * What every keyed chain needs: the limiter, and the two checks the rooms
 * that own keys and logs make for it, handed in by each function's wiring.
 */
export interface KeyedServices {
  limiter: () => RateLimiter;
  /** Writes the request's log row once its answer is final (request-logs). */
  requestLog: ProductMiddleware;
  /** Refuses a key revoked or expired since the authorizer cached it (api-keys). */
  activeKey: ProductMiddleware;
}

/**
 * The start every keyed chain shares: logs, headers, the request log (first,
 * so it records even the requests refused below), the caller and its key,
 * which must still be active.
 */
export function keyedChain(services: KeyedServices) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ProductContext>()
    .use(structuredLogs())
    .use(httpHeaderNormalizer())
    // Before the others, so it runs after them on the way out: every answer, errors included, is readable by the portal.
    .use(productCors())
    .use(services.requestLog)
    .use(caller())
    .use(services.activeKey);
}

/**
 * Product API routes with a key that are not processing requests (tasks,
 * files, uploads, the account): they carry the key's RateLimit headers but
 * do not count against it, so polling a task never uses up the allowance.
 * `counted` routes (the voice list, which runs a job) take from it, as the
 * processing endpoints do: only when they make their task.
 */
export function keyedEndpoint(services: KeyedServices, fn: Handler, options: { counted?: boolean } = {}) {
  return keyedChain(services)
    .use(rateLimit(services.limiter, options.counted ? 'tasks' : 'none'))
    .use(productErrors())
    .handler(fn);
}
