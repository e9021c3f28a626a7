import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { RouteDefinition } from '@frameforge/functions/kernel/http/routes';
import { createGateway, type AuthorizerHandler } from './api-gateway';

const routes: RouteDefinition[] = [{ api: 'product', method: 'GET', path: '/account', auth: 'api-key', handler: 'account', access: [] }];

const allow: AuthorizerHandler = () =>
  Promise.resolve({
    principalId: 'user-1',
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: '*' }] },
    context: { tier: 'elite' },
  });

let server: Server | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A product gateway counting its authorizer's calls. */
async function gatewayCaching(authorizerCacheSeconds: number | undefined) {
  const authorizer = jest.fn(allow);
  server = createGateway({
    api: 'product',
    routes,
    loadHandler: () => Promise.resolve(() => Promise.resolve({ statusCode: 200, body: '{}' })),
    authorizer,
    binaryBodies: true,
    ...(authorizerCacheSeconds === undefined ? {} : { authorizerCacheSeconds }),
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/account`;
  const call = async (key = 'ff_key_one') => (await fetch(url, { headers: { 'X-API-Key': key } })).status;
  const start = Date.now();
  /** Moves the gateway's clock to `ms` after the start without waiting. */
  const clockAhead = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(start + ms);
  return { authorizer, call, clockAhead };
}

describe('the local gateway’s authorizer cache', () => {
  it('keeps an answer 60 s by default, as API Gateway does', async () => {
    const { authorizer, call, clockAhead } = await gatewayCaching(undefined);
    expect([await call(), await call()]).toEqual([200, 200]);
    expect(authorizer).toHaveBeenCalledTimes(1);
    clockAhead(59_000);
    await call();
    expect(authorizer).toHaveBeenCalledTimes(1);
    clockAhead(60_500);
    await call();
    expect(authorizer).toHaveBeenCalledTimes(2);
  });

  it('keeps an answer for the configured seconds, per key', async () => {
    const { authorizer, call, clockAhead } = await gatewayCaching(1);
    await call();
    await call('ff_key_two');
    expect(authorizer).toHaveBeenCalledTimes(2);
    await call();
    expect(authorizer).toHaveBeenCalledTimes(2);
    clockAhead(1_500);
    await call();
    expect(authorizer).toHaveBeenCalledTimes(3);
  });

  it('asks the authorizer on every request when the cache is off', async () => {
    const { authorizer, call } = await gatewayCaching(0);
    await call();
    await call();
    expect(authorizer).toHaveBeenCalledTimes(2);
  });
});
