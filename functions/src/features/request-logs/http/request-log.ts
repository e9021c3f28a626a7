import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { logger } from '../../../kernel/http/logging';
import type { ProductMiddleware } from '../../../kernel/http/product/middlewares';
import type { ProductContext } from '../../../kernel/http/product/product-context';
import { answerErrorOf } from '../domain/log-errors';
import type { TaskOutcome } from '../domain/request-log';
import type { RequestLogService } from '../domain/request-log-service';

declare module '../../../kernel/http/product/product-context' {
  interface ProductContext {
    /** How the task had ended when the request answered, if it had (a replay of an ended task). */
    taskOutcome?: TaskOutcome;
  }
}

/** How long a request waits for its own log to be written before it answers anyway. */
const LOG_WAIT_MS = 150;

const failed = (what: string) => (error: unknown) => logger.error(what, error instanceof Error ? error : String(error));

/**
 * One log record per request with a known key, whatever the answer (429s of
 * our own limits included), with the request id that the answer carries too;
 * `alongside` writes what goes with it (the key's last use, see markKeyUsed),
 * waited for together. Used first, it runs last: the answer is final,
 * headers and error body included. A log that cannot be written never fails
 * or holds up the answer.
 */
export const requestLog = (logs: () => RequestLogService, alongside: (context: ProductContext) => Promise<void>): ProductMiddleware => {
  const write = async (request: { event: Parameters<NonNullable<ProductMiddleware['before']>>[0]['event']; context: ProductContext; response: APIGatewayProxyResult | null }) => {
    const response = request.response;
    const requestId = request.event.requestContext.requestId;
    if (response) request.response = { ...response, headers: { ...response.headers, 'X-Request-Id': requestId } };
    const { caller: who, apiKey, startedAt, requestLogId, answersTask, taskOutcome } = request.context;
    if (!who || !apiKey || !response) return;
    const query = new URLSearchParams(Object.entries(request.event.queryStringParameters ?? {}).filter((e): e is [string, string] => e[1] !== undefined)).toString();
    const headers = Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const error = answerErrorOf(response.statusCode, response.isBase64Encoded ? undefined : response.body);
    const taskId = request.context.taskId ?? headers['x-task-id'] ?? null;
    const metadata = request.context.request?.metadata;
    const entry = {
      id: requestLogId ?? randomUUID(),
      userId: who.userId,
      apiKeyId: who.apiKeyId,
      keyName: apiKey.name,
      maskedKey: apiKey.maskedKey,
      method: request.event.httpMethod,
      endpoint: request.event.path,
      // The resource path ("/task/{id}"): the dashboard counts by operation, never by the ids in a path.
      route: request.event.resource,
      query: query || null,
      statusCode: response.statusCode,
      durationMs: Math.max(0, Math.round(performance.now() - (startedAt ?? performance.now()))),
      errorMessage: error.message,
      errorCode: error.code,
      taskId,
      ...(taskId && answersTask ? { answersTask: true } : {}),
      ...(taskId && answersTask && taskOutcome ? { taskOutcome } : {}),
      requestId,
      ...(metadata && Object.keys(metadata).length > 0 ? { metadata } : {}),
      ...(who.mode === 'test' ? { keyMode: who.mode } : {}),
    };
    const written = Promise.all([logs().record(entry).catch(failed('request log not written')), alongside(request.context)]);
    await Promise.race([written, new Promise((resolve) => setTimeout(resolve, LOG_WAIT_MS).unref())]);
  };
  return {
    before: (request) => {
      request.context.startedAt = performance.now();
      request.context.requestLogId = randomUUID();
    },
    after: write,
    onError: write,
  };
};
