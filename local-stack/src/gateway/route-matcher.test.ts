import type { RouteDefinition } from '@frameforge/functions/kernel/http/routes';
import { createMatcher } from './route-matcher';

const routes: RouteDefinition[] = [
  { api: 'product', method: 'GET', path: '/', auth: 'none', handler: 'a', access: [] },
  { api: 'product', method: 'GET', path: '/task/{id}', auth: 'api-key', handler: 'b', access: [] },
  { api: 'product', method: 'GET', path: '/task/{id}/download', auth: 'api-key', handler: 'c', access: [] },
  { api: 'product', method: 'POST', path: '/task/{id}/cancel', auth: 'api-key', handler: 'd', access: [] },
  { api: 'product', method: 'GET', path: '/task/{id}/{part}', auth: 'api-key', handler: 'e', access: [] },
  { api: 'product', method: 'DELETE', path: '/task/{id}/{part}', auth: 'api-key', handler: 'f', access: [] },
];

describe('route matcher', () => {
  const match = createMatcher(routes);

  it('matches templates and extracts parameters', () => {
    expect(match('GET', '/task/abc').match?.route.handler).toBe('b');
    expect(match('GET', '/task/abc').match?.pathParameters).toEqual({ id: 'abc' });
    expect(match('GET', '/task/a%20b/download').match?.pathParameters).toEqual({ id: 'a b' });
    expect(match('GET', '/').match?.route.handler).toBe('a');
  });

  it('tells a known path with the wrong method, with the methods it takes, from an unknown path', () => {
    expect(match('POST', '/task/abc')).toEqual({ allowed: ['GET'], resourcePath: '/task/{id}' });
    expect(match('GET', '/nope')).toEqual({ allowed: [] });
  });

  it('picks the resource with a literal segment before one with a parameter, then its method', () => {
    expect(match('POST', '/task/abc/cancel').match?.route.handler).toBe('d');
    expect(match('GET', '/task/abc/other').match?.route.handler).toBe('e');
    expect(match('DELETE', '/task/abc/other').match?.route.handler).toBe('f');
    // The literal resource is chosen even though the parameter one has GET, as API Gateway chooses.
    expect(match('GET', '/task/abc/cancel')).toEqual({ allowed: ['POST'], resourcePath: '/task/{id}/cancel' });
  });

  it('keeps a malformed escape as sent instead of throwing', () => {
    expect(match('GET', '/task/%00%ff').match?.pathParameters).toEqual({ id: '%00%ff' });
  });
});
