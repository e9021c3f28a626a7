import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { RouteMatch } from './route-matcher';
import type { RequestTarget } from './request-target';

/**
 * Names are client input: `__proto__` or `constructor` as a query parameter
 * or header must arrive as a plain entry, as API Gateway passes it, not
 * reach the object's prototype (a plain assignment would swap it, and
 * `??=` would find the inherited one).
 */
function setOwn<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
}
function append(map: Record<string, string[]>, key: string, value: string): void {
  if (Object.hasOwn(map, key)) map[key]?.push(value);
  else setOwn(map, key, [value]);
}

/** Builds the REST API (v1) proxy event that API Gateway would send for this request. */
export function toProxyEvent(
  req: IncomingMessage,
  target: RequestTarget,
  body: Buffer,
  match: RouteMatch,
  /** domainName: the API's own host, as AWS fills it in; never the client's Host header. */
  options: { binaryBodies: boolean; authorizer: Record<string, unknown> | null; domainName: string },
): APIGatewayProxyEvent {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    const value = req.rawHeaders[i + 1] ?? '';
    setOwn(headers, name, value);
    append(multiValueHeaders, name, value);
  }
  // API Gateway tells the integration how the client connected; locally that is plain HTTP.
  headers['X-Forwarded-Proto'] = 'http';
  multiValueHeaders['X-Forwarded-Proto'] = ['http'];
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [key, value] of target.query) {
    setOwn(query, key, value);
    append(multiQuery, key, value);
  }
  const hasQuery = Object.keys(query).length > 0;
  return {
    resource: match.route.path,
    path: target.path,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : null,
    stageVariables: null,
    body: body.length ? (options.binaryBodies ? body.toString('base64') : body.toString('utf8')) : null,
    isBase64Encoded: body.length > 0 && options.binaryBodies,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: options.authorizer,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: req.method ?? 'GET',
      identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1' } as APIGatewayProxyEvent['requestContext']['identity'],
      path: target.path,
      stage: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: match.route.path,
      domainName: options.domainName,
    },
  };
}
