import { parseLocalConfig } from './local-config';

describe('local stack configuration', () => {
  it('caches the authorizer answer 60 s unless told otherwise', () => {
    expect(parseLocalConfig({}).AUTHORIZER_CACHE_SECONDS).toBe(60);
    expect(parseLocalConfig({ AUTHORIZER_CACHE_SECONDS: '' }).AUTHORIZER_CACHE_SECONDS).toBe(60);
  });

  it('takes whole seconds from 0 to API Gateway’s 3600', () => {
    expect(parseLocalConfig({ AUTHORIZER_CACHE_SECONDS: '1' }).AUTHORIZER_CACHE_SECONDS).toBe(1);
    expect(parseLocalConfig({ AUTHORIZER_CACHE_SECONDS: ' 0 ' }).AUTHORIZER_CACHE_SECONDS).toBe(0);
    expect(parseLocalConfig({ AUTHORIZER_CACHE_SECONDS: '3600' }).AUTHORIZER_CACHE_SECONDS).toBe(3600);
  });

  it.each(['1.5', '-1', 'soon', '3601'])('refuses %p, naming the variable', (value) => {
    expect(() => parseLocalConfig({ AUTHORIZER_CACHE_SECONDS: value })).toThrow(/AUTHORIZER_CACHE_SECONDS/);
  });
});
