import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { RateLimiter } from '../../domain/limits/rate-limit';
import { caller, productErrors, rateLimit } from './middlewares';
import type { ProductContext } from './product-context';

type Handler = (event: APIGatewayProxyEvent, context: ProductContext) => Promise<APIGatewayProxyResult>;

/**
 * Product API routes with a key that are not processing requests (tasks,
 * files, uploads, the account): they carry the key's RateLimit headers but
 * do not count against it, so polling a task never uses up the allowance.
 * `counted` routes (the voice list, which runs a job) take from it.
 */
export function keyedEndpoint(limiter: () => RateLimiter, fn: Handler, options: { counted?: boolean } = {}) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ProductContext>()
    .use(httpHeaderNormalizer())
    .use(caller())
    .use(rateLimit(limiter, options.counted ?? false))
    .use(productErrors())
    .handler(fn);
}
