import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { SynthesisMessageLevel } from 'aws-cdk-lib/cx-api';
import { portalConfigSchema } from '@frameforge/functions/kernel/contracts/portal-config';
import { GATEWAY_PLANS, planThrottleOf, TEST_THROTTLE, TIER_THROTTLES } from '@frameforge/functions/kernel/contracts/usage-plans';
import { routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { PLACEHOLDER_PRICES } from '@frameforge/infra/lib/constructs/billing';
import { STRIPE_WEBHOOK_HANDLER } from '@frameforge/infra/lib/constructs/route-access';
import { sharedAssembly, sharedSynthesis } from './support/shared-synthesis';
import { synthStack, type SynthesizedStack } from './support/synth-stack';
import { environmentOf, logicalIdOf, permissionsOf, render, restApiIdOf } from './support/template-queries';

const PRICES = { basic: 'price_1Basic', boost: 'price_1Boost', elite: 'price_1Elite' };

let synthesized: SynthesizedStack;
let template: Template;
beforeAll(() => {
  synthesized = synthStack({
    stripePriceBasic: PRICES.basic,
    stripePriceBoost: PRICES.boost,
    stripePriceElite: PRICES.elite,
    stripePublishableKey: 'pk_test_1',
  });
  template = synthesized.template;
});

const keyManagers = routes.filter((r) => r.access.includes('usage-plan-keys')).map((r) => r.handler);
const productSide = [...routes.filter((r) => r.api === 'product').map((r) => r.handler), standaloneFunctions.apiKeyAuthorizer];
/** Portal functions that do not mirror keys: no plan ids, no API Gateway actions. */
const otherPortal = routes.filter((r) => r.api === 'portal' && !r.access.includes('usage-plan-keys')).map((r) => r.handler);
const planId = (tier: string) =>
  logicalIdOf(template, 'AWS::ApiGateway::UsagePlan', (p) => p.UsagePlanName === `frameforge-${tier}`);

describe('usage plans', () => {
  it('has one plan per tier and one for test keys, throttled as the contract says, on the product stage', () => {
    template.resourceCountIs('AWS::ApiGateway::UsagePlan', TIER_THROTTLES.length + 1);
    const productApi = restApiIdOf(template, 'product');
    const stage = logicalIdOf(template, 'AWS::ApiGateway::Stage', (p) => render(p.RestApiId) === `{${productApi}}`);
    expect(TIER_THROTTLES.map((t) => [t.tier, t.rateLimit, t.burstLimit])).toEqual([
      ['basic', 5, 60],
      ['boost', 10, 100],
      ['elite', 50, 200],
    ]);
    expect([TEST_THROTTLE.rateLimit, TEST_THROTTLE.burstLimit]).toEqual([2, 20]);
    for (const tier of GATEWAY_PLANS) {
      const { rateLimit, burstLimit } = planThrottleOf(tier);
      template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
        UsagePlanName: `frameforge-${tier}`,
        Throttle: { RateLimit: rateLimit, BurstLimit: burstLimit },
        ApiStages: [Match.objectLike({ ApiId: { Ref: productApi }, Stage: { Ref: stage } })],
      });
    }
  });

  it('takes the usage identifier from the authorizer on the product API only', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: 'product', ApiKeySourceType: 'AUTHORIZER' });
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: 'portal', ApiKeySourceType: Match.absent() });
    // Keyed methods require the authorizer's usage identifier, so the tier's plan throttles them.
    const keyed = Object.values(template.findResources('AWS::ApiGateway::Method', { Properties: { AuthorizationType: 'CUSTOM' } }));
    expect(keyed.length).toBeGreaterThan(3);
    for (const method of keyed) expect((method as { Properties: { ApiKeyRequired?: boolean } }).Properties.ApiKeyRequired).toBe(true);
  });

  it('names the plans to the functions that mirror keys, and to no other', () => {
    expect(keyManagers).toEqual(expect.arrayContaining([STRIPE_WEBHOOK_HANDLER, 'portal/generate-api-key']));
    for (const handler of keyManagers) {
      const env = environmentOf(template, handler);
      for (const tier of ['basic', 'boost', 'elite', 'test']) {
        expect(env[`USAGE_PLAN_${tier.toUpperCase()}`]).toEqual({ Ref: planId(tier) });
      }
    }
    for (const handler of [...productSide, ...otherPortal]) {
      expect(Object.keys(environmentOf(template, handler)).filter((name) => name.startsWith('USAGE_PLAN_'))).toEqual([]);
    }
  });

  it('lets the key mirroring functions manage keys of these plans only', () => {
    const arn = (path: string) => `arn:{AWS::Partition}:apigateway:eu-west-1::${path}`;
    const planKeys = ['basic', 'boost', 'elite', 'test'].map((tier) => arn(`/usageplans/{${planId(tier)}}/keys`));
    const expected = [
      `apigateway:POST ${arn('/apikeys')}`,
      ...planKeys.map((keys) => `apigateway:POST ${keys}`),
      ...planKeys.map((keys) => `apigateway:GET ${keys}`),
      ...planKeys.map((keys) => `apigateway:DELETE ${keys}/*`),
      `apigateway:DELETE ${arn('/apikeys/*')}`,
    ];
    for (const handler of keyManagers) {
      const apigateway = permissionsOf(template, handler).filter((p) => p.startsWith('apigateway:'));
      expect(apigateway.sort()).toEqual([...expected].sort());
    }
    for (const handler of [...productSide, ...otherPortal]) {
      expect(permissionsOf(template, handler).filter((p) => p.startsWith('apigateway:'))).toEqual([]);
    }
  });

  it("lets no function read the account's key list (GET /apikeys), which holds every key of the account", () => {
    const readers = [...keyManagers, ...productSide, ...otherPortal].flatMap((handler) =>
      permissionsOf(template, handler)
        .filter((p) => /^apigateway:(GET|\*) .*::\/apikeys(\/\*)?$/.test(p))
        .map((p) => `${handler}: ${p}`),
    );
    expect(readers).toEqual([]);
  });
});

describe('Stripe prices', () => {
  it('gives the price ids from the context to the functions that call Stripe, and to no other', () => {
    const prices = { STRIPE_PRICE_BASIC: PRICES.basic, STRIPE_PRICE_BOOST: PRICES.boost, STRIPE_PRICE_ELITE: PRICES.elite };
    for (const route of routes) {
      const env = environmentOf(template, route.handler);
      if (route.access.includes('stripe:api-key')) expect([route.handler, env]).toEqual([route.handler, expect.objectContaining(prices)]);
      else expect([route.handler, Object.keys(env).filter((name) => name.startsWith('STRIPE_'))]).toEqual([route.handler, []]);
    }
    expect(Object.keys(environmentOf(template, standaloneFunctions.apiKeyAuthorizer)).filter((name) => name.startsWith('STRIPE_'))).toEqual([]);
  });

  it("writes the prices and the publishable key into the SPA's config.json", () => {
    const deployment = template.findResources('Custom::CDKBucketDeployment');
    const keys = Object.values(deployment).flatMap((d) => d.Properties.SourceObjectKeys as string[]);
    const configs = keys
      .map((key) => join(synthesized.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'))
      .filter(existsSync);
    expect(configs).toHaveLength(1);
    const config: unknown = JSON.parse(readFileSync(configs[0] as string, 'utf8'));
    expect(config).toMatchObject({ prices: PRICES, stripePublishableKey: 'pk_test_1', authFlowType: 'USER_SRP_AUTH' });
    // Tokens are still markers here, so only the shape of the prices is checked against the schema.
    expect(portalConfigSchema.shape.prices.parse((config as { prices: unknown }).prices)).toEqual(PRICES);
  });
});

describe('Stripe prices without context', () => {
  it('falls back to placeholders and warns at synth', () => {
    const { template: bare } = sharedSynthesis();
    expect(environmentOf(bare, 'portal/stripe-checkout')).toMatchObject({
      STRIPE_PRICE_BASIC: PLACEHOLDER_PRICES.basic,
      STRIPE_PRICE_ELITE: PLACEHOLDER_PRICES.elite,
    });
    const warnings = sharedAssembly()
      .getStackArtifact('FrameForge')
      .messages.filter((m) => m.level === SynthesisMessageLevel.WARNING && m.id === '/FrameForge/Billing')
      .map((m) => String(m.entry.data));
    expect(warnings).toContainEqual(expect.stringMatching(/-c stripePriceBasic=/));
  });
});
