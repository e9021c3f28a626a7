import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from '@frameforge/local-stack/gateway/api-gateway';
import type { RouteDefinition } from '../routes';
import { json } from '../responses';
import { PRODUCT_CORS_ALLOW_HEADERS, PRODUCT_CORS_EXPOSE_HEADERS, productCors, withProductCors } from './product-cors';

const PORTAL = 'https://portal.example.test';

describe('product API answers for the portal origin', () => {
  const run = async (response: APIGatewayProxyResult, phase: 'after' | 'onError' = 'after') => {
    const request = { event: {} as APIGatewayProxyEvent, context: {} as Context, response, error: null, internal: {} };
    await productCors(() => PORTAL)[phase]?.(request as never);
    return request.response;
  };

  it('carry the portal origin and the headers a browser must read, errors included', async () => {
    const ok = await run(json(200, { ok: true }, { 'Retry-After': '2' }));
    expect(ok.headers?.['Access-Control-Allow-Origin']).toBe(PORTAL);
    const exposed = String(ok.headers?.['Access-Control-Expose-Headers']).split(',');
    for (const header of ['Retry-After', 'X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Location']) expect(exposed).toContain(header);
    const failed = await run(json(429, { error: {} }, { 'Retry-After': '30' }), 'onError');
    expect(failed.headers?.['Access-Control-Allow-Origin']).toBe(PORTAL);
  });

  it('keep a handler’s own origin, as the public OpenAPI document’s *, and add nothing without a portal', async () => {
    expect((await run(json(200, {}, { 'Access-Control-Allow-Origin': '*' }))).headers?.['Access-Control-Allow-Origin']).toBe('*');
    expect(withProductCors(json(200, {}), null).headers?.['Access-Control-Allow-Origin']).toBeUndefined();
  });
});

describe('the local product gateway', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('answers the preflight without a key, and its own refusals with the portal origin', async () => {
    const routes: RouteDefinition[] = [{ api: 'product', method: 'POST', path: '/cut', auth: 'api-key', handler: 'cut', access: [] }];
    const gateway = createGateway({
      api: 'product',
      routes,
      loadHandler: () => Promise.reject(new Error('never called')),
      binaryBodies: true,
      corsOrigin: PORTAL,
      corsAllowHeaders: PRODUCT_CORS_ALLOW_HEADERS,
      corsExposeHeaders: PRODUCT_CORS_EXPOSE_HEADERS,
    });
    server = gateway;
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/cut`;
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: PORTAL, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-api-key' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(preflight.headers.get('access-control-allow-headers')?.split(',')).toEqual(expect.arrayContaining(['X-API-Key', 'Content-Type', 'Idempotency-Key']));
    const refused = await fetch(url, { method: 'POST', headers: { Origin: PORTAL } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });
});
