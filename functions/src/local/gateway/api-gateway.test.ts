import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { RouteDefinition } from '../../http/routes';
import { createGateway, type ProxyHandler } from './api-gateway';

const slow = (ms: number): ProxyHandler => () => new Promise((resolve) => setTimeout(() => resolve({ statusCode: 200, body: 'late' }), ms));

async function serve(routes: RouteDefinition[], handlers: Record<string, ProxyHandler>, integrationTimeoutSeconds: number): Promise<{ url: string; server: Server }> {
  const server = createGateway({
    api: 'product',
    routes,
    loadHandler: (module) => Promise.resolve(handlers[module] ?? slow(0)),
    binaryBodies: true,
    integrationTimeoutSeconds,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('local API gateway clocks', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('answers 502 when the function runs past its own timeout, 504 when the integration runs past the gateway’s', async () => {
    const routes: RouteDefinition[] = [
      { api: 'product', method: 'GET', path: '/short', auth: 'none', handler: 'short', timeoutSeconds: 1, access: [] },
      { api: 'product', method: 'GET', path: '/long', auth: 'none', handler: 'long', timeoutSeconds: 29, access: [] },
      { api: 'product', method: 'GET', path: '/quick', auth: 'none', handler: 'quick', timeoutSeconds: 1, access: [] },
    ];
    const started = await serve(routes, { short: slow(4000), long: slow(4000), quick: slow(10) }, 2);
    server = started.server;
    const short = await fetch(`${started.url}/short`);
    expect(short.status).toBe(502);
    expect(((await short.json()) as { error: { code: string } }).error.code).toBe('internal_error');
    const long = await fetch(`${started.url}/long`);
    expect(long.status).toBe(504);
    expect(((await long.json()) as { error: { code: string } }).error.code).toBe('gateway_timeout');
    const quick = await fetch(`${started.url}/quick`);
    expect(quick.status).toBe(200);
    expect(await quick.text()).toBe('late');
  });
});
