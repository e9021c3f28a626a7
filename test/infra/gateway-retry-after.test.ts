import type { Template } from 'aws-cdk-lib/assertions';
import { THROTTLE_RETRY_AFTER_SECONDS } from '../../functions/src/contracts/usage-plans';
import { resourcesOf, synthTemplate } from './support/synth-stack';
import { restApiIdOf } from './support/template-queries';

/**
 * API Gateway's own 429s (a stage's or a usage plan's throttle, a quota)
 * carry Retry-After as ours do, on both APIs; no other gateway answer does.
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
    expect(plans).toHaveLength(3);
    for (const plan of plans) expect(plan.Properties.Quota).toBeUndefined();
  });
});
