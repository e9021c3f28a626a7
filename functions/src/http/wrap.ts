import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { portalErrorResponse, productErrorResponse } from './errors';

type Handler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
type Middleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult>;
export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** Turns a typed failure into the API's error body; it sits last, so it sees every error. */
const errorBody = (toResponse: (error: unknown) => APIGatewayProxyResult): Middleware => ({
  name: 'error-body',
  onError: (request) => {
    request.response = toResponse(request.error);
  },
});

/** A proxy integration must send its own CORS headers, on answers and errors alike. */
const portalCors = (portalOrigin: () => string): Middleware => {
  const withCors = (response: APIGatewayProxyResult | null): APIGatewayProxyResult | null =>
    response && { ...response, headers: { ...response.headers, 'Access-Control-Allow-Origin': portalOrigin(), Vary: 'Origin' } };
  return {
    name: 'portal-cors',
    after: (request) => {
      request.response = withCors(request.response);
    },
    onError: (request) => {
      request.response = withCors(request.response);
    },
  };
};

/** Product API handlers: typed errors become `{ error: { code, message, param, hint } }`. */
export function productHandler(fn: Handler): ApiHandler {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(errorBody(productErrorResponse))
    .handler((event) => fn(event));
}

/**
 * Portal API handlers: errors become `{ error: "text" }`, and every answer
 * carries the CORS headers for the portal's own origin. middy runs `onError`
 * from the last middleware used to the first: the error body is made before
 * CORS is added to it.
 */
export function portalHandler(portalOrigin: () => string, fn: Handler): ApiHandler {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(portalCors(portalOrigin))
    .use(errorBody(portalErrorResponse))
    .handler((event) => fn(event));
}
