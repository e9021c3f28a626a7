import type { IncomingMessage } from 'node:http';
import { toProxyEvent } from './proxy-event';
import type { RouteMatch } from './route-matcher';
import { parseRequestTarget } from './request-target';

const match: RouteMatch = { route: { api: 'portal', method: 'GET', path: '/api-logs', auth: 'none', handler: 'h', access: [] }, pathParameters: {} };

function request(rawHeaders: string[]): IncomingMessage {
  return { rawHeaders, method: 'GET', httpVersion: '1.1', headers: { host: 'gateway.local' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
}

describe('the proxy event of the local gateway', () => {
  it('keeps prototype-named query parameters and headers as plain entries, as API Gateway passes them', () => {
    const target = parseRequestTarget('/api-logs?__proto__=x&constructor=y&constructor=z&limit=5');
    const event = toProxyEvent(request(['__proto__', 'a', 'constructor', 'b', 'X-Twice', '1', 'X-Twice', '2']), target, Buffer.alloc(0), match, {
      binaryBodies: false,
      authorizer: null,
      domainName: '127.0.0.1:4002',
    });
    expect(Object.getPrototypeOf(event.queryStringParameters)).toBe(Object.prototype);
    expect(Object.entries(event.queryStringParameters ?? {})).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'z'],
      ['limit', '5'],
    ]);
    expect(Object.entries(event.multiValueQueryStringParameters ?? {})).toEqual([
      ['__proto__', ['x']],
      ['constructor', ['y', 'z']],
      ['limit', ['5']],
    ]);
    expect(Object.hasOwn(event.headers, '__proto__')).toBe(true);
    expect(event.multiValueHeaders).toMatchObject({ constructor: ['b'], 'X-Twice': ['1', '2'] });
    // Through JSON, as the event reaches a function, the names stay what they were.
    expect(JSON.parse(JSON.stringify(event.queryStringParameters))).toEqual(JSON.parse('{"__proto__":"x","constructor":"z","limit":"5"}'));
  });

  it("names the API's own domain, not the Host header the client sent", () => {
    const event = toProxyEvent(request(['Host', 'evil.example']), parseRequestTarget('/api-logs'), Buffer.alloc(0), match, {
      binaryBodies: false,
      authorizer: null,
      domainName: '127.0.0.1:4002',
    });
    expect(event.requestContext.domainName).toBe('127.0.0.1:4002');
    // The header itself still reaches the function, as API Gateway passes it.
    expect(event.headers.Host).toBe('evil.example');
  });
});
