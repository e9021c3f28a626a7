import type { RouteDefinition } from '../../http/routes';
import { createMatcher } from './route-matcher';

const routes: RouteDefinition[] = [
  { api: 'product', method: 'GET', path: '/', auth: 'none', handler: 'a', access: [] },
  { api: 'product', method: 'GET', path: '/task/{id}', auth: 'api-key', handler: 'b', access: [] },
  { api: 'product', method: 'GET', path: '/task/{id}/download', auth: 'api-key', handler: 'c', access: [] },
];

describe('route matcher', () => {
  const match = createMatcher(routes);

  it('matches templates and extracts parameters', () => {
    expect(match('GET', '/task/abc').match?.route.handler).toBe('b');
    expect(match('GET', '/task/abc').match?.pathParameters).toEqual({ id: 'abc' });
    expect(match('GET', '/task/a%20b/download').match?.pathParameters).toEqual({ id: 'a b' });
    expect(match('GET', '/').match?.route.handler).toBe('a');
  });

  it('tells a known path with the wrong method from an unknown path', () => {
    expect(match('POST', '/task/abc')).toEqual({ pathKnown: true });
    expect(match('GET', '/nope')).toEqual({ pathKnown: false });
  });

  it('keeps a malformed escape as sent instead of throwing', () => {
    expect(match('GET', '/task/%00%ff').match?.pathParameters).toEqual({ id: '%00%ff' });
  });
});
