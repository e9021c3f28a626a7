import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { RouteDefinition } from '@frameforge/functions/kernel/http/routes';
import { THROTTLE_RETRY_AFTER_SECONDS } from '@frameforge/functions/kernel/contracts/usage-plans';
import { createGateway, type ProxyHandler } from './api-gateway';

const slow = (ms: number): ProxyHandler => () => new Promise((resolve) => setTimeout(() => resolve({ statusCode: 200, body: 'late' }), ms));

async function serve(
  routes: RouteDefinition[],
  handlers: Record<string, ProxyHandler>,
  integrationTimeoutSeconds: number,
  stageThrottle?: { rateLimit: number; burstLimit: number },
): Promise<{ url: string; server: Server }> {
  const server = createGateway({
    api: 'product',
    routes,
    loadHandler: (module) => Promise.resolve(handlers[module] ?? slow(0)),
    binaryBodies: true,
    integrationTimeoutSeconds,
    ...(stageThrottle ? { stageThrottle } : {}),
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

  it("throttles the stage as API Gateway does: a 429 in the API's JSON, with Retry-After", async () => {
    const routes: RouteDefinition[] = [{ api: 'product', method: 'GET', path: '/quick', auth: 'none', handler: 'quick', access: [] }];
    const started = await serve(routes, { quick: slow(0) }, 2, { rateLimit: 0.001, burstLimit: 2 });
    server = started.server;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(`${started.url}/quick`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    const refused = answers[2] as Response;
    expect(refused.headers.get('retry-after')).toBe(String(THROTTLE_RETRY_AFTER_SECONDS));
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    for (const answer of answers.slice(0, 2)) expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('answers a crashed integration with a 502 in the same JSON as its other answers', async () => {
    const routes: RouteDefinition[] = [{ api: 'product', method: 'GET', path: '/crash', auth: 'none', handler: 'crash', access: [] }];
    const crash: ProxyHandler = () => Promise.reject(new Error('boom'));
    const started = await serve(routes, { crash }, 2);
    server = started.server;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await fetch(`${started.url}/crash`);
    errors.mockRestore();
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('internal_error');
  });
});
