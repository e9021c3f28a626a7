import type { RateLimiter } from '../../../kernel/limits/rate-limit';
import { rateLimit, type ProductMiddleware } from '../../../kernel/http/product/middlewares';

/**
 * The processing endpoints' rate limit: a request takes from the window, a
 * dry run only reads it (and still answers with the RateLimit headers), so
 * planning a job never uses up the allowance the job needs.
 */
export function rateLimitUnlessDryRun(limiter: () => RateLimiter): ProductMiddleware {
  const counted = rateLimit(limiter, 'tasks');
  const read = rateLimit(limiter, 'none');
  const chosen = (request: { context: { dryRun?: boolean } }) => (request.context.dryRun ? read : counted);
  return {
    before: (request) => chosen(request).before?.(request),
    after: (request) => chosen(request).after?.(request),
    onError: (request) => chosen(request).onError?.(request),
  };
}
