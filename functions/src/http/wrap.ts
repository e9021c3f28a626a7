import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { portalErrorResponse, productErrorResponse } from './errors';

type Handler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

/** Product API handlers: typed errors become `{ error: { code, message, param, hint } }`. */
export function productHandler(fn: Handler): Handler {
  return async (event) => {
    try {
      return await fn(event);
    } catch (error) {
      return productErrorResponse(error);
    }
  };
}

/**
 * Portal API handlers: errors become `{ error: "text" }`, and every answer
 * carries the CORS headers for the portal's own origin (a proxy integration
 * must send them itself).
 */
export function portalHandler(portalOrigin: () => string, fn: Handler): Handler {
  return async (event) => {
    const cors = { 'Access-Control-Allow-Origin': portalOrigin(), Vary: 'Origin' };
    try {
      const result = await fn(event);
      return { ...result, headers: { ...result.headers, ...cors } };
    } catch (error) {
      return portalErrorResponse(error, cors);
    }
  };
}
