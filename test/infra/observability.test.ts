import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '@frameforge/infra/lib/frameforge-app';
import { routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { stageThrottle } from '@frameforge/infra/lib/constructs/product-api';
import { TIER_THROTTLES } from '@frameforge/functions/kernel/contracts/usage-plans';
import { sharedAssembly, sharedStackTemplate } from './support/shared-synthesis';
import { synthStack } from './support/synth-stack';
import { render, restApiIdOf } from './support/template-queries';

let template: Template;
beforeAll(() => {
  ({ template } = synthStack({ alarmEmail: 'ops@example.com' }));
});

type Alarm = { Properties: Record<string, unknown> };
const alarms = (): Alarm[] => Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Alarm[];
const describedAs = (pattern: RegExp) => alarms().filter((a) => pattern.test(String(a.Properties.AlarmDescription)));
const functionCount = new Set([...routes.map((r) => r.handler), ...Object.values(standaloneFunctions)]).size;

describe('alarms', () => {
  it('sends every alarm to one encrypted, TLS-only topic, e-mailed to the address the context names', () => {
    const [topicId] = Object.keys(template.findResources('AWS::SNS::Topic'));
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    // Ours: every alarm but the worker's scaling ones, which drive its step scaling instead.
    const ours = alarms().filter((a) => String(a.Properties.AlarmDescription).startsWith('FrameForge '));
    expect(ours.length).toBe(alarms().length - Object.keys(template.findResources('AWS::ApplicationAutoScaling::ScalingPolicy')).length);
    for (const alarm of ours) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    }
  });

  // Metrics and thresholds of the dead-letter and queue-age alarms: alarms.test.ts.
  it('watches both dead-letter queues and the oldest message of both queues', () => {
    expect(describedAs(/: messages in the dead-letter queue/)).toHaveLength(2);
    expect(describedAs(/a message has waited/).map((a) => a.Properties.MetricName)).toEqual(['ApproximateAgeOfOldestMessage', 'ApproximateAgeOfOldestMessage']);
  });

  it("watches each API's 5xx rate", () => {
    const rates = describedAs(/5xx \(with 20/);
    expect(rates).toHaveLength(2);
    for (const alarm of rates) expect(JSON.stringify(alarm.Properties.Metrics)).toContain('5XXError');
  });

  it("watches every function's errors and throttles", () => {
    expect(describedAs(/invocation errors/)).toHaveLength(functionCount);
    expect(describedAs(/throttled invocations/)).toHaveLength(functionCount);
    expect(describedAs(/invocation errors/).every((a) => a.Properties.MetricName === 'Errors' && a.Properties.Namespace === 'AWS/Lambda')).toBe(true);
  });

  it("watches the worker's running tasks and the jobs' failure rate, from its JSON log lines", () => {
    expect(describedAs(/task\(s\) running/).map((a) => [a.Properties.MetricName, a.Properties.ComparisonOperator])).toEqual([['RunningTaskCount', 'LessThanThreshold']]);
    expect(JSON.stringify(describedAs(/jobs: over 25% failed/)[0]?.Properties.Metrics)).toContain('Jobs-failed');
    template.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ ($.message = "job ended") && ($.job_status = "failed") }' });
    template.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ ($.message = "job ended") && ($.job_status = "completed") }' });
  });

  it('has one dashboard', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });
});

describe('API stages', () => {
  const stageOf = (api: string) =>
    (Object.values(template.findResources('AWS::ApiGateway::Stage')) as Alarm[]).find((s) => render(s.Properties.RestApiId) === `{${restApiIdOf(template, api)}}`);

  it.each(['portal', 'product'])('%s: JSON access logs, error execution logs and tracing, after the logging role', (api) => {
    const stage = stageOf(api);
    const access = stage?.Properties.AccessLogSetting as { DestinationArn: unknown; Format: string };
    expect(access.DestinationArn).toBeDefined();
    expect(JSON.parse(access.Format)).toMatchObject({ requestId: '$context.requestId', apiKeyId: '$context.identity.apiKeyId', status: '$context.status' });
    expect(stage?.Properties.TracingEnabled).toBe(true);
    expect(stage?.Properties.MethodSettings).toEqual([expect.objectContaining({ LoggingLevel: 'ERROR', DataTraceEnabled: false, MetricsEnabled: true })]);
    template.resourceCountIs('AWS::ApiGateway::Account', 1);
  });

  it('throttles the portal stage, and the product stage above every plan', () => {
    const portal = (stageOf('portal')?.Properties.MethodSettings as Record<string, number>[])[0];
    expect(portal).toMatchObject({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const product = (stageOf('product')?.Properties.MethodSettings as Record<string, number>[])[0];
    expect(product).toMatchObject({ ThrottlingRateLimit: stageThrottle().rateLimit, ThrottlingBurstLimit: stageThrottle().burstLimit });
    for (const plan of TIER_THROTTLES) {
      expect(stageThrottle().rateLimit).toBeGreaterThanOrEqual(plan.rateLimit);
      expect(stageThrottle().burstLimit).toBeGreaterThanOrEqual(plan.burstLimit);
    }
  });

  it('puts an AWS WAF web ACL in front of each stage: AWS managed rules and a per-IP rate rule', () => {
    const acls = template.findResources('AWS::WAFv2::WebACL', { Properties: { Scope: 'REGIONAL' } });
    expect(Object.keys(acls)).toHaveLength(2);
    for (const acl of Object.values(acls) as Alarm[]) {
      const rules = acl.Properties.Rules as { Name: string; Statement: Record<string, unknown> }[];
      // The portal's body-size rule, and what each API counts, are firewall.test.ts's.
      expect(rules.map((r) => r.Name).filter((name) => name !== 'body-size-limit')).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'rate-per-ip']);
    }
    const associations = Object.values(template.findResources('AWS::WAFv2::WebACLAssociation')) as Alarm[];
    expect(associations.map((a) => render(a.Properties.ResourceArn)).sort()).toEqual(
      ['portal', 'product'].map((api) => expect.stringContaining(`/restapis/{${restApiIdOf(template, api)}}/stages/`)),
    );
  });
});

describe('edge', () => {
  it("puts a CLOUDFRONT-scope web ACL, made in us-east-1, in front of the portal's distribution", () => {
    expect(sharedAssembly().getStackArtifact('FrameForgeEdge').environment.region).toBe('us-east-1');
    const edgeTemplate = sharedStackTemplate('FrameForgeEdge');
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([Match.objectLike({ Name: 'rate-per-ip', Action: { Block: {} } })]),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: Match.anyValue() }) });
  });

  it('builds the product stack alone, with a warning, where no region is known at synthesis', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const { main, edge } = buildApp(app, {});
    expect(edge).toBeUndefined();
    const distribution = Object.values(Template.fromStack(main).findResources('AWS::CloudFront::Distribution'))[0] as { Properties: { DistributionConfig: Record<string, unknown> } };
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeUndefined();
  });
});
