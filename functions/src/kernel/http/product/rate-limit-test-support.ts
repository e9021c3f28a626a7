import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { RateLimiter } from '../../limits/rate-limit';
import { productErrorResponse } from '../errors';
import { rateLimit } from './middlewares';
import type { ProductContext } from './product-context';

export interface RateLimitRun {
  limiter: RateLimiter;
  /** Whether the request counts against the window (task reads, which poll, do not). */
  counted: boolean;
  /** Thrown by a step that runs before the rate limit, so only its onError sees the request. */
  failsBefore?: Error;
  /** The handler's answer; 200 with an empty object unless told. */
  handler?: APIGatewayProxyResult;
  /** Who calls: user-1's basic live key unless told. */
  caller?: { tier: string; mode: 'live' | 'test' };
  /** The handler made a task (a processing request accepted), so the request keeps its place. */
  makesTask?: boolean;
  /** An Idempotency-Key replay of an earlier request's task. */
  replay?: boolean;
  /** Thrown by the handler, after the rate limit took its place (an address refused, a conflict). */
  failsAfter?: Error;
}

interface Request {
  event: APIGatewayProxyEvent;
  context: ProductContext;
  response: APIGatewayProxyResult | null;
  error: unknown;
}

const caller = { userId: 'user-1', apiKeyId: 'key-1', tier: 'basic', subscriptionStatus: 'active', mode: 'live' };

/**
 * Runs the rate-limit middleware for user-1 (basic) the way middy does (its
 * module is ESM, out of reach of these CommonJS unit tests): `before`, then the
 * handler's answer and `after`; or, when an earlier step (or this one) throws,
 * the error's answer and `onError`.
 */
export async function runRateLimit(run: RateLimitRun): Promise<APIGatewayProxyResult> {
  const middleware = rateLimit(() => run.limiter, run.counted ? 'tasks' : 'none');
  const context = { caller: { ...caller, ...run.caller }, ...(run.replay ? { replayTaskId: 'task-0' } : {}) };
  const request: Request = { event: { headers: {} } as APIGatewayProxyEvent, context: context as unknown as ProductContext, response: null, error: null };
  try {
    if (run.failsBefore) throw run.failsBefore;
    await middleware.before?.(request as never);
    if (run.makesTask || run.replay) request.context.taskId = run.replay ? 'task-0' : 'task-1';
    if (run.failsAfter) throw run.failsAfter;
    request.response = run.handler ?? { statusCode: 200, body: '{}' };
    await middleware.after?.(request as never);
  } catch (error) {
    request.error = error;
    request.response = productErrorResponse(error);
    await middleware.onError?.(request as never);
  }
  if (!request.response) throw new Error('no answer');
  return request.response;
}
