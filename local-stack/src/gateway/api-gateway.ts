import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Context } from 'aws-lambda';
import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent, APIGatewayProxyResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { gatewayResponse, INTEGRATION_TIMEOUT_SECONDS, MAX_LAMBDA_EVENT_BYTES, methodNotAllowed, type GatewayResponseKind } from '@frameforge/functions/kernel/http/gateway-responses';
import type { ApiId, RouteDefinition } from '@frameforge/functions/kernel/http/routes';
import { createMatcher } from './route-matcher';
import { lambdaContext } from './lambda-context';
import { toProxyEvent } from './proxy-event';
import { announcedLength, BodyTooLargeError, overEventLimit, overRequestLimit, readBody } from './request-size';
import { parseRequestTarget, type RequestTarget } from './request-target';
import { TokenBuckets, UsagePlanThrottle, type BucketLimits } from './usage-plan-throttle';
import { STAGE_THROTTLES } from '@frameforge/functions/kernel/contracts/usage-plans';

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
export type AuthorizerHandler = (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;

export interface GatewayOptions {
  api: ApiId;
  routes: readonly RouteDefinition[];
  loadHandler: (module: string) => Promise<ProxyHandler>;
  /** The Cognito user pool authorizer: verified claims, or undefined. */
  verifyIdToken?: (token: string) => Promise<Record<string, unknown> | undefined>;
  /** The product API's REQUEST authorizer. */
  authorizer?: AuthorizerHandler;
  /** Allowed browser origin (the portal API's CORS, and the product API's for the docs' try-it console). */
  corsOrigin?: string;
  /** Request headers the preflight allows; the portal API's by default. */
  corsAllowHeaders?: readonly string[];
  /** Answer headers the browser may read (Retry-After, the rate-limit headers…). */
  corsExposeHeaders?: readonly string[];
  /** API Gateway base64-encodes bodies of binary media types (the product API: all). */
  binaryBodies: boolean;
  /** API Gateway's 29 s; shorter only in tests of the timeout itself. */
  integrationTimeoutSeconds?: number;
  /** How long the authorizer's answer for one key is kept (the authorizer's `resultsCacheTtl`); 0 asks every time. */
  authorizerCacheSeconds?: number;
  /** The stage's throttle, in front of every request; the API's own by default. */
  stageThrottle?: BucketLimits;
  /**
   * Where clients reach this API (e.g. http://127.0.0.1:4002): the event's
   * `requestContext.domainName`, which AWS sets and no client can, so links
   * never follow a forged Host. By default the address the client connected to.
   */
  publicUrl?: string;
}

/** API Gateway's default for a REQUEST authorizer's cache. */
const DEFAULT_AUTHORIZER_CACHE_SECONDS = 60;

class GatewayRefusal extends Error {
  constructor(
    readonly kind: GatewayResponseKind,
    /** False when the body is still on the wire: the connection cannot carry another request. */
    readonly bodyRead = true,
  ) {
    super(kind);
  }
}

/** A refusal before the body was asked for says so, so the connection is closed after it. */
const unread = (body: Buffer | undefined) => (error: unknown) => {
  throw error instanceof GatewayRefusal && body === undefined ? new GatewayRefusal(error.kind, false) : error;
};

/**
 * AWS's clocks: the function stops at its own timeout (API Gateway then
 * answers 502), and API Gateway gives up on any integration after 29 s (504).
 */
async function withinLimits<T>(functionTimeoutSeconds: number, gatewaySeconds: number, run: (timeoutSeconds: number) => Promise<T>): Promise<T> {
  const gatewayWins = functionTimeoutSeconds >= gatewaySeconds;
  const limitMs = Math.min(functionTimeoutSeconds, gatewaySeconds) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayRefusal(gatewayWins ? 'timeout' : 'integration-failure')), limitMs);
  });
  try {
    return await Promise.race([run(functionTimeoutSeconds), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A local API Gateway: one route table, the same proxy events, the same
 * authorizers and gateway responses, the real handlers.
 */
export function createGateway(options: GatewayOptions): Server {
  const match = createMatcher(options.routes);
  const cors: Record<string, string> = options.corsOrigin
    ? {
        'Access-Control-Allow-Origin': options.corsOrigin,
        'Access-Control-Allow-Headers': (options.corsAllowHeaders ?? ['Authorization', 'Content-Type', 'X-Amz-Date', 'X-Api-Key']).join(','),
        'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
        ...(options.corsExposeHeaders ? { 'Access-Control-Expose-Headers': options.corsExposeHeaders.join(',') } : {}),
        Vary: 'Origin',
      }
    : {};
  const authorizerCache = new Map<string, { at: number; result: APIGatewayAuthorizerResult | 'refused' }>();
  const authorizerCacheMs = (options.authorizerCacheSeconds ?? DEFAULT_AUTHORIZER_CACHE_SECONDS) * 1000;
  const usagePlans = new UsagePlanThrottle();
  const stage = new TokenBuckets();
  const stageThrottle = options.stageThrottle ?? STAGE_THROTTLES[options.api];

  const send = (res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string) => {
    res.writeHead(status, { ...cors, ...headers });
    res.end(body);
  };
  const refuse = (res: ServerResponse, kind: GatewayResponseKind, bodyRead: boolean) => {
    const { status, body, headers } = gatewayResponse(options.api, kind);
    // A body refused half-read, or not asked for, leaves the rest on the wire: that connection cannot carry another request.
    const close: Record<string, string> = kind === 'too-large' || !bodyRead ? { Connection: 'close' } : {};
    send(res, status, { 'Content-Type': 'application/json', ...headers, ...close }, JSON.stringify(body));
  };

  /** A known path without the request's method: 405 with the methods it takes, as the stack's ANY method answers. */
  const refuseMethod = (res: ServerResponse, method: string, resourcePath: string, allowed: string[], bodyRead: boolean) => {
    const { status, body, headers } = methodNotAllowed(options.api, method, resourcePath, allowed);
    send(res, status, { 'Content-Type': 'application/json', ...headers, ...(bodyRead ? {} : { Connection: 'close' }) }, JSON.stringify(body));
  };

  const authorizeKey = async (req: IncomingMessage, target: RequestTarget, route: RouteDefinition) => {
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || key === '' || !options.authorizer) throw new GatewayRefusal('unauthorized');
    const cached = authorizerCache.get(key);
    let result = cached && Date.now() - cached.at < authorizerCacheMs ? cached.result : undefined;
    if (!result) {
      const event = {
        type: 'REQUEST',
        methodArn: `arn:aws:execute-api:us-east-1:000000000000:local/local/${route.method}${route.path}`,
        headers: req.headers as Record<string, string>,
        path: target.path,
        httpMethod: route.method,
      } as unknown as APIGatewayRequestAuthorizerEvent;
      result = await options.authorizer(event).catch((error: Error) => {
        if (error.message === 'Unauthorized') return 'refused' as const;
        throw error;
      });
      authorizerCache.set(key, { at: Date.now(), result });
    }
    if (result === 'refused') throw new GatewayRefusal('unauthorized');
    const allowed = result.policyDocument.Statement.some((s) => s.Effect === 'Allow');
    if (!allowed) throw new GatewayRefusal('access-denied');
    if (!usagePlans.take(result.usageIdentifierKey ?? undefined, result.context?.tier, result.context?.keyMode)) throw new GatewayRefusal('throttled');
    return { ...result.context, principalId: result.principalId };
  };

  const authorizeCognito = async (req: IncomingMessage) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const claims = token && options.verifyIdToken ? await options.verifyIdToken(token) : undefined;
    if (!claims) throw new GatewayRefusal('unauthorized');
    return { claims };
  };

  const domainName = (req: IncomingMessage) => (options.publicUrl ? new URL(options.publicUrl).host : `${req.socket.localAddress ?? '127.0.0.1'}:${req.socket.localPort ?? 0}`);

  /**
   * One request. A client that sent `Expect: 100-continue` holds its body back:
   * it is refused before sending it when the answer does not depend on it
   * (over the request limit, no route, no authorization, too large for the
   * function), and asked for it only then.
   */
  const handle = async (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    const target = parseRequestTarget(req.url ?? '/');
    const method = req.method ?? 'GET';
    try {
      if (method === 'OPTIONS' && options.corsOrigin) return send(res, 204, {}, '');
      const announced = announcedLength(req);
      if (expectsContinue && overRequestLimit(announced)) throw new GatewayRefusal('too-large', false);
      let body = expectsContinue ? undefined : await readBody(req);
      if (!stage.take('stage', stageThrottle)) throw new GatewayRefusal('throttled', body !== undefined);
      const { match: found, allowed, resourcePath } = match(method, target.path);
      if (!found && resourcePath) return refuseMethod(res, method, resourcePath, allowed, body !== undefined);
      if (!found) throw new GatewayRefusal('not-found', body !== undefined);
      const authorizer =
        found.route.auth === 'api-key'
          ? await authorizeKey(req, target, found.route).catch(unread(body))
          : found.route.auth === 'cognito'
            ? await authorizeCognito(req).catch(unread(body))
            : null;
      if (body === undefined) {
        if (overEventLimit(announced, options.binaryBodies)) throw new GatewayRefusal('too-large', false);
        res.writeContinue();
        body = await readBody(req);
      }
      const handler = await options.loadHandler(found.route.handler);
      const event = toProxyEvent(req, target, body, found, { binaryBodies: options.binaryBodies, authorizer, domainName: domainName(req) });
      // Lambda takes 6 MB per invocation, the base64 body inside the event included.
      if (Buffer.byteLength(JSON.stringify(event)) > MAX_LAMBDA_EVENT_BYTES) throw new GatewayRefusal('too-large');
      const { requestId } = event.requestContext;
      const result = await withinLimits(found.route.timeoutSeconds ?? 10, options.integrationTimeoutSeconds ?? INTEGRATION_TIMEOUT_SECONDS, (timeoutSeconds) =>
        handler(event, lambdaContext(found.route.handler, requestId, timeoutSeconds)),
      );
      const headers: Record<string, string> = { 'x-amzn-RequestId': event.requestContext.requestId };
      for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
      const payload = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
      send(res, result.statusCode, headers, payload);
    } catch (error) {
      if (error instanceof GatewayRefusal) return refuse(res, error.kind, error.bodyRead);
      if (error instanceof BodyTooLargeError) return refuse(res, 'too-large', false);
      // A crashed integration: API Gateway's 502, in the same JSON as every other gateway answer.
      console.error(`[${options.api}-api] ${method} ${target.path} crashed`, error);
      refuse(res, 'integration-failure', true);
    }
  };

  const server = createServer((req, res) => void handle(req, res, false));
  // Answered here rather than by Node, which would ask for the body at once.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => void handle(req, res, true));
  return server;
}
