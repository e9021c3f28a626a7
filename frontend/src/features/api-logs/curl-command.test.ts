import { buildCurlCommand, requestUrlOf, shellQuote } from './curl-command';

const log = { method: 'POST', endpoint: '/cut', query: null, masked_key: 'ff_AbCdE…wxyz' };

describe('requestUrlOf', () => {
  it('joins the base, the endpoint and the query without doubled slashes or question marks', () => {
    expect(requestUrlOf({ endpoint: '/cut', query: null }, 'https://api.example.com/')).toBe('https://api.example.com/cut');
    expect(requestUrlOf({ endpoint: 'task/1', query: '?wait=1' }, 'https://api.example.com')).toBe('https://api.example.com/task/1?wait=1');
    expect(requestUrlOf({ endpoint: '/file', query: 'path=outputs/u/t/a.mp4' }, 'http://127.0.0.1:4010/prod')).toBe(
      'http://127.0.0.1:4010/prod/file?path=outputs/u/t/a.mp4',
    );
    expect(requestUrlOf({ endpoint: '/cut', query: '' }, 'https://api.example.com')).toBe('https://api.example.com/cut');
  });
});

describe('shellQuote', () => {
  it('keeps quotes, dollars and spaces literal', () => {
    expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
  });
});

describe('buildCurlCommand', () => {
  it('has the method, the full URL and the masked key header', () => {
    expect(buildCurlCommand(log, 'https://api.example.com')).toBe(
      "curl -X POST 'https://api.example.com/cut' \\\n  -H 'X-API-Key: ff_AbCdE…wxyz'",
    );
  });

  it('keeps the query and upper-cases the method', () => {
    expect(buildCurlCommand({ ...log, method: 'get', endpoint: '/account', query: 'a=1&b=2' }, 'https://api.example.com')).toBe(
      "curl -X GET 'https://api.example.com/account?a=1&b=2' \\\n  -H 'X-API-Key: ff_AbCdE…wxyz'",
    );
  });

  it('cannot be broken out of by a crafted endpoint or method', () => {
    const command = buildCurlCommand({ ...log, method: 'GET;rm', endpoint: "/x' ; rm -rf ~ '" }, 'https://api.example.com');
    expect(command).toBe("curl -X 'GET;RM' 'https://api.example.com/x'\\'' ; rm -rf ~ '\\''' \\\n  -H 'X-API-Key: ff_AbCdE…wxyz'");
  });
});
