import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Context } from 'aws-lambda';
import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent, APIGatewayProxyResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { gatewayResponse, INTEGRATION_TIMEOUT_SECONDS, MAX_LAMBDA_EVENT_BYTES, MAX_REQUEST_BYTES, type GatewayResponseKind } from '../../http/gateway-responses';
import type { ApiId, RouteDefinition } from '../../http/routes';
import { createMatcher } from './route-matcher';
import { lambdaContext } from './lambda-context';
import { toProxyEvent } from './proxy-event';
import { TokenBuckets, UsagePlanThrottle, type BucketLimits } from './usage-plan-throttle';
import { STAGE_THROTTLES } from '../../contracts/usage-plans';

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
  /** Allowed browser origin (the portal API's CORS). */
  corsOrigin?: string;
  /** API Gateway base64-encodes bodies of binary media types (the product API: all). */
  binaryBodies: boolean;
  /** API Gateway's 29 s; shorter only in tests of the timeout itself. */
  integrationTimeoutSeconds?: number;
  /** How long the authorizer's answer for one key is kept (the authorizer's `resultsCacheTtl`); 0 asks every time. */
  authorizerCacheSeconds?: number;
  /** The stage's throttle, in front of every request; the API's own by default. */
  stageThrottle?: BucketLimits;
}

/** API Gateway's default for a REQUEST authorizer's cache. */
const DEFAULT_AUTHORIZER_CACHE_SECONDS = 60;

class GatewayRefusal extends Error {
  constructor(readonly kind: GatewayResponseKind) {
    super(kind);
  }
}

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

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
      // Far past the limit: stop reading. Up to it, the rest is read and dropped, so the client
      // has sent its whole body and reads the 413 rather than a connection cut mid-upload.
      else if (size > 4 * MAX_REQUEST_BYTES) {
        req.pause();
        reject(new GatewayRefusal('too-large'));
      }
    });
    req.on('end', () => (size > MAX_REQUEST_BYTES ? reject(new GatewayRefusal('too-large')) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
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
        'Access-Control-Allow-Headers': 'Authorization,Content-Type,X-Amz-Date,X-Api-Key',
        'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
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
  const refuse = (res: ServerResponse, kind: GatewayResponseKind) => {
    const { status, body, headers } = gatewayResponse(options.api, kind);
    // A body refused half-read leaves the rest on the wire: that connection cannot carry another request.
    const close: Record<string, string> = kind === 'too-large' ? { Connection: 'close' } : {};
    send(res, status, { 'Content-Type': 'application/json', ...headers, ...close }, JSON.stringify(body));
  };

  const authorizeKey = async (req: IncomingMessage, url: URL, route: RouteDefinition) => {
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || key === '' || !options.authorizer) throw new GatewayRefusal('unauthorized');
    const cached = authorizerCache.get(key);
    let result = cached && Date.now() - cached.at < authorizerCacheMs ? cached.result : undefined;
    if (!result) {
      const event = {
        type: 'REQUEST',
        methodArn: `arn:aws:execute-api:us-east-1:000000000000:local/local/${route.method}${route.path}`,
        headers: req.headers as Record<string, string>,
        path: url.pathname,
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
    if (!usagePlans.take(result.usageIdentifierKey ?? undefined, result.context?.tier)) throw new GatewayRefusal('throttled');
    return { ...result.context, principalId: result.principalId };
  };

  const authorizeCognito = async (req: IncomingMessage) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const claims = token && options.verifyIdToken ? await options.verifyIdToken(token) : undefined;
    if (!claims) throw new GatewayRefusal('unauthorized');
    return { claims };
  };

  return createServer((req, res) => {
    void (async () => {
      // A fixed base: the Host header is client input and must not be able to make this throw.
      const url = new URL(req.url ?? '/', 'http://gateway.local');
      const method = req.method ?? 'GET';
      try {
        if (method === 'OPTIONS' && options.corsOrigin) return send(res, 204, {}, '');
        const body = await readBody(req);
        if (!stage.take('stage', stageThrottle)) throw new GatewayRefusal('throttled');
        const { match: found } = match(method, url.pathname);
        if (!found) return refuse(res, 'not-found');
        const authorizer =
          found.route.auth === 'api-key'
            ? await authorizeKey(req, url, found.route)
            : found.route.auth === 'cognito'
              ? await authorizeCognito(req)
              : null;
        const handler = await options.loadHandler(found.route.handler);
        const event = toProxyEvent(req, url, body, found, { binaryBodies: options.binaryBodies, authorizer });
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
        if (error instanceof GatewayRefusal) return refuse(res, error.kind);
        // A crashed integration: API Gateway's 502, in the same JSON as every other gateway answer.
        console.error(`[${options.api}-api] ${method} ${url.pathname} crashed`, error);
        refuse(res, 'integration-failure');
      }
    })();
  });
}
