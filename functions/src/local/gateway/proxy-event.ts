import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { RouteMatch } from './route-matcher';

/** Builds the REST API (v1) proxy event that API Gateway would send for this request. */
export function toProxyEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  match: RouteMatch,
  options: { binaryBodies: boolean; authorizer: Record<string, unknown> | null },
): APIGatewayProxyEvent {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    const value = req.rawHeaders[i + 1] ?? '';
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  // API Gateway tells the integration how the client connected; locally that is plain HTTP.
  headers['X-Forwarded-Proto'] = 'http';
  multiValueHeaders['X-Forwarded-Proto'] = ['http'];
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) {
    query[key] = value;
    (multiQuery[key] ??= []).push(value);
  }
  const hasQuery = Object.keys(query).length > 0;
  return {
    resource: match.route.path,
    path: url.pathname,
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
      path: url.pathname,
      stage: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: match.route.path,
      domainName: req.headers.host,
    },
  };
}
