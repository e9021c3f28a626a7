import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import {
  gatewayResponse,
  type GatewayResponseKind,
} from '@frameforge/functions/kernel/http/gateway-responses';

type ApiName = Parameters<typeof gatewayResponse>[0];

/**
 * Which of API Gateway's own answers carry which shared body. The bodies live
 * in functions/src/kernel/http/gateway-responses.ts, so the local gateway sends the
 * same bytes; this is only the mapping onto API Gateway's response types.
 */
const KIND_BY_TYPE: readonly [apigateway.ResponseType, GatewayResponseKind][] = [
  [apigateway.ResponseType.UNAUTHORIZED, 'unauthorized'],
  [apigateway.ResponseType.ACCESS_DENIED, 'access-denied'],
  // Unknown path (a known one's other methods answer 405, see method-not-allowed.ts): API Gateway says 403 "Missing Authentication Token"; clients expect 404.
  [apigateway.ResponseType.MISSING_AUTHENTICATION_TOKEN, 'not-found'],
  [apigateway.ResponseType.RESOURCE_NOT_FOUND, 'not-found'],
  [apigateway.ResponseType.REQUEST_TOO_LARGE, 'too-large'],
  // THROTTLED covers the stage's and the usage plans' buckets. The plans set no quota, so
  // QUOTA_EXCEEDED cannot happen; should one be added, it still answers with Retry-After.
  [apigateway.ResponseType.THROTTLED, 'throttled'],
  [apigateway.ResponseType.QUOTA_EXCEEDED, 'throttled'],
  [apigateway.ResponseType.INTEGRATION_TIMEOUT, 'timeout'],
  [apigateway.ResponseType.INTEGRATION_FAILURE, 'integration-failure'],
];

/** Catch-alls keep API Gateway's status and message, in the same JSON shape. */
const fallbackBody = (api: ApiName): string =>
  api === 'portal'
    ? // `messageString` is already a quoted JSON string.
      '{"error":$context.error.messageString}'
    : '{"error":{"code":"gateway_error","message":$context.error.messageString,"param":null,"hint":null}}';

/** The body is a mapping template: VTL would read `$` and `#` as code. */
const template = (body: unknown): string => {
  const text = JSON.stringify(body);
  if (/[$#]/.test(text)) throw new Error(`Gateway response body needs VTL escaping: ${text}`);
  return text;
};

/**
 * Errors API Gateway answers itself (no key, denied, throttled, unknown path)
 * get the handlers' JSON instead of its default `{"message": …}`.
 */
export function addJsonGatewayResponses(api: apigateway.RestApi, name: ApiName, corsOrigin?: string, exposeHeaders: readonly string[] = []): void {
  // Header values are mapping expressions: a literal is quoted.
  const headers = (own: Readonly<Record<string, string>> = {}): Record<string, string> => ({
    'Content-Type': "'application/json'",
    // The browser must be able to read the error of a cross-origin call.
    ...(corsOrigin ? { 'Access-Control-Allow-Origin': `'${corsOrigin}'` } : {}),
    // Retry-After of a throttled answer is what a browser client waits by.
    ...(corsOrigin && exposeHeaders.length > 0 ? { 'Access-Control-Expose-Headers': `'${exposeHeaders.join(',')}'` } : {}),
    ...Object.fromEntries(Object.entries(own).map(([header, value]) => [header, `'${value}'`])),
  });

  for (const [type, kind] of KIND_BY_TYPE) {
    const { status, body, headers: own } = gatewayResponse(name, kind);
    api.addGatewayResponse(type.responseType, {
      type,
      statusCode: String(status),
      responseHeaders: headers(own),
      templates: { 'application/json': template(body) },
    });
  }
  for (const type of [apigateway.ResponseType.DEFAULT_4XX, apigateway.ResponseType.DEFAULT_5XX]) {
    api.addGatewayResponse(type.responseType, {
      type,
      responseHeaders: headers(),
      templates: { 'application/json': fallbackBody(name) },
    });
  }
}
