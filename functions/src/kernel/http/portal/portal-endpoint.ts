import middy, { type MiddlewareObj } from '@middy/core';
import httpCors from '@middy/http-cors';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { portalErrorResponse } from '../errors';
import { structuredLogs } from '../logging';

type Handler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

/** Typed failures become the spec's `{ error: "text" }`; used last, it runs first on errors, before CORS is added. */
const portalErrors = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  onError: (request) => {
    request.response = portalErrorResponse(request.error);
  },
});

/**
 * Portal API handlers: headers normalised, the portal's own origin allowed
 * on every answer (errors included, so the browser can read them), errors
 * as the spec's body. API Gateway answers the preflight itself.
 */
export function portalEndpoint(portalOrigin: () => string, fn: Handler) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>()
    .use(structuredLogs())
    .use(httpHeaderNormalizer())
    .use(httpCors({ getOrigin: () => portalOrigin(), disableBeforePreflightResponse: true }))
    .use(portalErrors())
    .handler((event) => fn(event));
}
