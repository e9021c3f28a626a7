import type { Template } from 'aws-cdk-lib/assertions';
import { synthStack, synthTemplate } from './support/synth-stack';

/** The product API's REQUEST authorizer: the one that resolves X-API-Key. */
function keyAuthorizerTtl(template: Template): unknown {
  const authorizers = Object.values(template.findResources('AWS::ApiGateway::Authorizer', { Properties: { Type: 'REQUEST' } })) as {
    Properties: { AuthorizerResultTtlInSeconds?: unknown; IdentitySource?: unknown };
  }[];
  expect(authorizers).toHaveLength(1);
  expect(authorizers[0]?.Properties.IdentitySource).toBe('method.request.header.X-API-Key');
  return authorizers[0]?.Properties.AuthorizerResultTtlInSeconds;
}

describe('API key authorizer cache', () => {
  it('keeps an answer 60 s by default (a revoked key stops within a minute)', () => {
    expect(keyAuthorizerTtl(synthTemplate())).toBe(60);
  });

  it('takes the authorizerCacheSeconds context value', () => {
    expect(keyAuthorizerTtl(synthStack({ authorizerCacheSeconds: '5' }).template)).toBe(5);
  });

  it.each(['-1', 'a minute', '3601', '2.5'])('refuses authorizerCacheSeconds=%p at synthesis', (value) => {
    expect(() => synthStack({ authorizerCacheSeconds: value })).toThrow(/authorizerCacheSeconds/);
  });
});
