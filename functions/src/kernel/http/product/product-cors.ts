import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { loadConfigOf } from '../../config/env';

/**
 * The product API answers the portal's own origin, and no other, so the docs'
 * try-it console can send from the browser the very request a customer would
 * send with curl. One list for the Lambda answers, the local gateway and the
 * CDK's preflight and gateway responses.
 */

/** The request headers a client may send: the key, the body's type and the documented extras. */
export const PRODUCT_CORS_ALLOW_HEADERS = ['Content-Type', 'X-API-Key', 'Idempotency-Key', 'X-ElevenLabs-Key'] as const;

/** The answer headers the browser may read: pacing, limits and the ids support asks for. */
export const PRODUCT_CORS_EXPOSE_HEADERS = ['Retry-After', 'Location', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id', 'X-Task-Id', 'Content-Disposition'] as const;

export const PRODUCT_CORS_METHODS = ['GET', 'POST', 'DELETE', 'OPTIONS'] as const;

let cachedOrigin: string | null | undefined;

/**
 * The portal's origin, read once. Every deployed function has PORTAL_URL; a
 * handler run without it (a unit test) answers without the header, which
 * only keeps browsers out, the safe way to be wrong.
 */
function portalOrigin(): string | null {
  if (cachedOrigin === undefined) {
    try {
      cachedOrigin = new URL(loadConfigOf(['PORTAL_URL']).PORTAL_URL).origin;
    } catch {
      cachedOrigin = null;
    }
  }
  return cachedOrigin;
}

type CorsMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult>;

/** Adds the headers to an answer that has none of its own (the public OpenAPI document keeps its `*`). */
export function withProductCors(response: APIGatewayProxyResult, origin: string | null): APIGatewayProxyResult {
  const headers = response.headers ?? {};
  if (!origin || Object.keys(headers).some((name) => name.toLowerCase() === 'access-control-allow-origin')) return response;
  return { ...response, headers: { ...headers, 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': PRODUCT_CORS_EXPOSE_HEADERS.join(','), Vary: 'Origin' } };
}

/**
 * Lambda answers of the product API. Used first in a chain, it runs last on
 * the way out, errors included, after the error body and the rate-limit
 * headers are in place. API Gateway answers the preflight itself.
 */
export const productCors = (origin: () => string | null = portalOrigin): CorsMiddleware => {
  const add = (request: { response: APIGatewayProxyResult | null }) => {
    if (request.response) request.response = withProductCors(request.response, origin());
  };
  return { after: add, onError: add };
};
