import type { Template } from 'aws-cdk-lib/assertions';
import { routes } from '@frameforge/functions/kernel/http/routes';
import { resourcesOf, synthTemplate, type Resource } from './support/synth-stack';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

const productApiId = (): string => {
  const entry = Object.entries(template.findResources('AWS::ApiGateway::RestApi')).find(([, r]) => (r as Resource).Properties.Name === 'product');
  if (!entry) throw new Error('no product RestApi');
  return entry[0];
};
const ofProduct = (type: string) => resourcesOf(template, type).filter((r) => JSON.stringify(r.Properties.RestApiId) === JSON.stringify({ Ref: productApiId() }));
/** The origin as the template writes it: the site's distribution domain, joined in. */
const isPortalOrigin = (value: unknown) => /CloudFront|Distribution|DomainName/.test(JSON.stringify(value));

describe('the product API for the docs’ try-it console', () => {
  it('answers a preflight on every product path, without a key, for the portal origin only', () => {
    const options = ofProduct('AWS::ApiGateway::Method').filter((m) => m.Properties.HttpMethod === 'OPTIONS');
    const paths = new Set(routes.filter((r) => r.api === 'product').map((r) => r.path));
    expect(options.length).toBeGreaterThanOrEqual(paths.size);
    for (const method of options) {
      expect(method.Properties.AuthorizationType).toBe('NONE');
      expect(method.Properties.ApiKeyRequired).not.toBe(true);
      const integration = method.Properties.Integration as { Type: string; IntegrationResponses: { ResponseParameters: Record<string, unknown> }[] };
      expect(integration.Type).toBe('MOCK');
      const headers = integration.IntegrationResponses[0]?.ResponseParameters ?? {};
      expect(isPortalOrigin(headers['method.response.header.Access-Control-Allow-Origin'])).toBe(true);
      expect(JSON.stringify(headers['method.response.header.Access-Control-Allow-Headers'])).toContain('X-API-Key');
    }
  });

  it('lets the browser read its own refusals (throttled, no key, 4xx/5xx) and their Retry-After', () => {
    const responses = ofProduct('AWS::ApiGateway::GatewayResponse');
    expect(responses.length).toBeGreaterThan(0);
    for (const response of responses) {
      const headers = response.Properties.ResponseParameters as Record<string, unknown>;
      expect(isPortalOrigin(headers['gatewayresponse.header.Access-Control-Allow-Origin'])).toBe(true);
      expect(JSON.stringify(headers['gatewayresponse.header.Access-Control-Expose-Headers'])).toMatch(/Retry-After.*X-Request-Id/);
    }
  });

  it('puts the portal origin on the 405 of a wrong method too', () => {
    const any = ofProduct('AWS::ApiGateway::Method').filter((m) => m.Properties.HttpMethod === 'ANY');
    expect(any.length).toBeGreaterThan(0);
    for (const method of any) {
      const integration = method.Properties.Integration as { IntegrationResponses: { ResponseParameters: Record<string, unknown> }[] };
      expect(isPortalOrigin(integration.IntegrationResponses[0]?.ResponseParameters['method.response.header.Access-Control-Allow-Origin'])).toBe(true);
    }
  });
});
