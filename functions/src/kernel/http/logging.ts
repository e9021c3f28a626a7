import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

/**
 * Structured JSON logs for every API function (Powertools for AWS Lambda):
 * each line carries the function, cold start and Lambda request id, the API
 * Gateway request id the caller sees in `x-amzn-RequestId`, and once known
 * the API key id (never the key) and the task the request made. The worker
 * writes the same field names, so one search follows a task from API to job.
 */
export const logger = new Logger({ serviceName: 'frameforge-api' });

/** What the product chains learn about a request; the portal chains have none of it. */
interface Learned extends Context {
  caller?: { apiKeyId?: string };
  taskId?: string;
}

type LoggedRequest = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Learned>;

function outcome(request: LoggedRequest, status: number | undefined): void {
  const { caller, taskId } = request.context;
  logger.appendKeys({ ...(caller?.apiKeyId ? { key_id: caller.apiKeyId } : {}), ...(taskId ? { task_id: taskId } : {}) });
  logger.info('request answered', { method: request.event.httpMethod, route: request.event.resource, status });
}

/** First in each middy chain: context in, one `request answered` line out, keys reset for the next request. */
export function structuredLogs<C extends Context>(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, C> {
  const lambdaContext = injectLambdaContext(logger, { resetKeys: true }) as MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, C>;
  return {
    before: async (request) => {
      await lambdaContext.before?.(request);
      logger.appendKeys({ request_id: request.event.requestContext?.requestId });
    },
    after: async (request) => {
      outcome(request as unknown as LoggedRequest, request.response?.statusCode);
      await lambdaContext.after?.(request);
    },
    onError: async (request) => {
      outcome(request as unknown as LoggedRequest, request.response?.statusCode ?? 500);
      await lambdaContext.onError?.(request);
    },
  };
}
