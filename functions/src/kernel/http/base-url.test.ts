import type { APIGatewayProxyEvent } from 'aws-lambda';

const event = (domainName: string, stage = 'prod') =>
  ({ headers: { Host: 'evil.example', 'X-Forwarded-Proto': 'http' }, requestContext: { domainName, stage } }) as unknown as APIGatewayProxyEvent;

/** The module reads PRODUCT_API_URL once: each case loads it afresh with its own environment. */
function baseUrlWith(configured: string | undefined): (e: APIGatewayProxyEvent) => string {
  const before = process.env.PRODUCT_API_URL;
  if (configured === undefined) delete process.env.PRODUCT_API_URL;
  else process.env.PRODUCT_API_URL = configured;
  let loaded: (e: APIGatewayProxyEvent) => string = () => '';
  jest.isolateModules(() => {
    loaded = (jest.requireActual('./request') as typeof import('./request')).baseUrl;
  });
  return (e) => {
    try {
      return loaded(e);
    } finally {
      if (before === undefined) delete process.env.PRODUCT_API_URL;
      else process.env.PRODUCT_API_URL = before;
    }
  };
}

describe('the base of absolute links', () => {
  it('is the configured public URL, whatever Host the client sent', () => {
    expect(baseUrlWith('http://127.0.0.1:4003/')(event('abc.execute-api.us-east-1.amazonaws.com'))).toBe('http://127.0.0.1:4003');
  });

  it('is otherwise the domain API Gateway names, with the stage on a default execute-api host', () => {
    const fromContext = baseUrlWith(undefined);
    expect(fromContext(event('abc.execute-api.us-east-1.amazonaws.com'))).toBe('https://abc.execute-api.us-east-1.amazonaws.com/prod');
    expect(fromContext(event('api.frameforge.example'))).toBe('https://api.frameforge.example');
  });

  it('refuses a configured value that is not a URL', () => {
    expect(() => baseUrlWith('not a url')(event('api.frameforge.example'))).toThrow();
  });
});
