import type { Template } from 'aws-cdk-lib/assertions';
import { THROTTLE_RETRY_AFTER_SECONDS } from '@frameforge/functions/kernel/contracts/usage-plans';
import { FIREWALL_RETRY_AFTER_SECONDS } from '@frameforge/functions/kernel/http/gateway-responses';
import { sharedStackTemplate } from './support/shared-synthesis';
import { resourcesOf, synthTemplate } from './support/synth-stack';
import { restApiIdOf } from './support/template-queries';

/**
 * API Gateway's own 429s (a stage's or a usage plan's throttle, a quota)
 * carry Retry-After as ours do, on both APIs; no other gateway answer does.
 * AWS WAF's per-address flood guard answers a 429 with Retry-After too.
 */

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

interface GatewayResponse {
  RestApiId: { Ref: string };
  ResponseType: string;
  StatusCode?: string;
  ResponseParameters?: Record<string, string>;
}

const responses = (): GatewayResponse[] => resourcesOf(template, 'AWS::ApiGateway::GatewayResponse').map((r) => r.Properties as unknown as GatewayResponse);
const retryAfter = (response: GatewayResponse) => response.ResponseParameters?.['gatewayresponse.header.Retry-After'];

describe('Retry-After on the gateway responses', () => {
  it.each(['product', 'portal'])('the %s API answers THROTTLED and QUOTA_EXCEEDED with 429 and Retry-After', (api) => {
    const own = responses().filter((r) => r.RestApiId.Ref === restApiIdOf(template, api));
    for (const type of ['THROTTLED', 'QUOTA_EXCEEDED']) {
      const response = own.find((r) => r.ResponseType === type);
      expect([type, response?.StatusCode, response && retryAfter(response)]).toEqual([type, '429', `'${THROTTLE_RETRY_AFTER_SECONDS}'`]);
    }
  });

  it('is one second: every bucket, stage or plan, refills a token within it', () => {
    expect(THROTTLE_RETRY_AFTER_SECONDS).toBe(1);
  });

  it('is on no other gateway answer', () => {
    const others = responses().filter((r) => !['THROTTLED', 'QUOTA_EXCEEDED'].includes(r.ResponseType));
    expect(others.length).toBeGreaterThan(10);
    expect(others.filter((r) => retryAfter(r) !== undefined).map((r) => r.ResponseType)).toEqual([]);
  });

  it('the usage plans only throttle: no quota, so no answer waits on a quota period', () => {
    const plans = resourcesOf(template, 'AWS::ApiGateway::UsagePlan');
    // The three tiers' and the test keys'.
    expect(plans).toHaveLength(4);
    for (const plan of plans) expect(plan.Properties.Quota).toBeUndefined();
  });
});

interface RateRule {
  Name: string;
  Action: { Block?: { CustomResponse?: { ResponseCode: number; CustomResponseBodyKey: string; ResponseHeaders: { Name: string; Value: string }[] } } };
}
interface Acl {
  Properties: { Scope: string; Rules: RateRule[]; CustomResponseBodies: Record<string, { ContentType: string; Content: string }> };
}

function expectFloodGuardAnswers429(acl: Acl): string {
  const rule = acl.Properties.Rules.find((r) => r.Name === 'rate-per-ip');
  const answer = rule?.Action.Block?.CustomResponse;
  expect(answer).toMatchObject({ ResponseCode: 429, ResponseHeaders: [{ Name: 'Retry-After', Value: String(FIREWALL_RETRY_AFTER_SECONDS) }] });
  const body = acl.Properties.CustomResponseBodies[answer?.CustomResponseBodyKey ?? ''];
  expect(body).toBeDefined();
  return body?.Content ?? '';
}

describe("AWS WAF's per-address flood guard", () => {
  it('answers 429 with Retry-After in front of both APIs, in their own error bodies', () => {
    const acls = Object.values(template.findResources('AWS::WAFv2::WebACL', { Properties: { Scope: 'REGIONAL' } })) as Acl[];
    expect(acls).toHaveLength(2);
    const bodies = acls.map((acl) => JSON.parse(expectFloodGuardAnswers429(acl)) as { error: unknown });
    expect(bodies).toEqual(
      expect.arrayContaining([{ error: 'Too many requests' }, { error: expect.objectContaining({ code: 'rate_limited', param: null }) as unknown }]),
    );
  });

  it("answers 429 with Retry-After in front of the portal's distribution", () => {
    const [acl] = Object.values(sharedStackTemplate('FrameForgeEdge').findResources('AWS::WAFv2::WebACL')) as Acl[];
    expect(expectFloodGuardAnswers429(acl as Acl)).toMatch(/Too many requests/);
  });
});

