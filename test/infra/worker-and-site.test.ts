import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { buckets, queues, tables } from '@frameforge/functions/kernel/contracts/resources';
import { ROBOTS_TXT } from '@frameforge/infra/lib/constructs/site';
import { sharedSynthesis } from './support/shared-synthesis';

let template: Template;
let outdir: string;
beforeAll(() => {
  ({ template, outdir } = sharedSynthesis());
});


describe('worker', () => {
  it('runs the worker image on Fargate with a 120 s stop timeout and the job environment', () => {
    template.hasResourceProperties('AWS::ECS::TaskDefinition', {
      RequiresCompatibilities: ['FARGATE'],
      RuntimePlatform: { CpuArchitecture: 'X86_64', OperatingSystemFamily: 'LINUX' },
      ContainerDefinitions: [
        Match.objectLike({
          Name: 'worker',
          Image: Match.anyValue(),
          StopTimeout: 120,
          Environment: Match.arrayWith([
            Match.objectLike({ Name: tables.jobs.envVar }),
            Match.objectLike({ Name: buckets.media.envVar }),
            Match.objectLike({ Name: queues.media.envVar }),
            Match.objectLike({ Name: queues.media.deadLetterEnvVar }),
            Match.objectLike({ Name: 'EMAIL_FROM' }),
            Match.objectLike({ Name: 'USER_POOL_ID' }),
            Match.objectLike({ Name: 'PORTAL_URL' }),
          ]),
        }),
      ],
    });
  });

  it('keeps one task warm by default and scales on the queue backlog, deployments leaving the count to the scaling', () => {
    template.hasResourceProperties('AWS::ECS::Service', {
      DesiredCount: Match.absent(),
      LaunchType: 'FARGATE',
      NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'ENABLED' }) },
    });
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', { MinCapacity: 1, MaxCapacity: 10 });
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      PolicyType: 'StepScaling',
      StepScalingPolicyConfiguration: Match.objectLike({ AdjustmentType: 'ExactCapacity' }),
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([
        Match.objectLike({
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({ MetricName: 'ApproximateNumberOfMessagesVisible' }),
          }),
        }),
      ]),
    });
    template.resourceCountIs('AWS::EC2::NatGateway', 0);
  });

  it('settles dead letters: the task role may consume the dead-letter queue, and a fresh one wakes a task', () => {
    const queuesByLogicalId = template.findResources('AWS::SQS::Queue');
    const deadLetterId = Object.keys(queuesByLogicalId).find((id) => id.includes('mediajobsdlq'));
    expect(deadLetterId).toBeDefined();
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['sqs:ReceiveMessage', 'sqs:ChangeMessageVisibility']),
            Resource: { 'Fn::GetAtt': [deadLetterId, 'Arn'] },
          }),
        ]),
      },
      Roles: Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp('^WorkerTaskTaskRole') })]),
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([Match.objectLike({ Expression: 'visible + inflight + dead' })]),
    });
  });
});

describe('media bucket', () => {
  it('takes presigned PUTs and part uploads from any page, which can read each ETag back', () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket')) as {
      Properties: { CorsConfiguration?: { CorsRules: { AllowedMethods: string[]; AllowedOrigins: unknown[]; ExposedHeaders?: string[] }[] } };
    }[];
    const putRules = buckets.flatMap((b) => b.Properties.CorsConfiguration?.CorsRules ?? []).filter((r) => r.AllowedMethods.includes('PUT'));
    expect(putRules).toHaveLength(1);
    expect(putRules[0]?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'PUT']));
    // Customers' own web apps upload their users' files with the URLs our API signs: the signature, not the origin, allows it.
    expect(putRules[0]?.AllowedOrigins).toEqual(['*']);
    expect(putRules[0]?.ExposedHeaders).toEqual(['ETag']);
  });
});

describe('site', () => {
  it('serves the SPA through CloudFront: client routes rewritten to index.html by a function, not by distribution-wide error pages', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          Compress: true,
          ResponseHeadersPolicyId: Match.anyValue(),
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        Logging: Match.objectLike({ Bucket: Match.anyValue(), Prefix: 'cloudfront/' }),
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() }), Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp("r.uri = '/index.html'") });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  });

  it('answers every portal page with CSP, HSTS, frame denial, nosniff and a referrer policy', () => {
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as { Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, Record<string, unknown>> } } }[];
    const security = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig ?? {};
    const csp = JSON.stringify(security.ContentSecurityPolicy?.ContentSecurityPolicy);
    for (const directive of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", 'connect-src', 'execute-api', 'cognito-idp']) {
      expect(csp).toContain(directive);
    }
    expect(security.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Preload: true });
    expect(security.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(security.ContentTypeOptions).toMatchObject({ Override: true });
    expect(security.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
  });

  it('deploys a real robots.txt beside the SPA (served as a file: it has an extension)', () => {
    const staged = readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('robots.txt'));
    expect(staged).toHaveLength(1);
    expect(readFileSync(join(outdir, staged[0] ?? ''), 'utf8')).toBe(ROBOTS_TXT);
    expect(ROBOTS_TXT).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(ROBOTS_TXT).toContain('Disallow: /settings');
  });

  it('lets the worker and the product functions send e-mail through SES, and look a user up on the one pool', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).map((p) => JSON.stringify(p));
    const sends = policies.filter((p) => p.includes('ses:SendEmail'));
    expect(sends.some((p) => p.includes('WorkerTaskTaskRole'))).toBe(true);
    expect(sends.some((p) => /FunctionsProduct\w*Role/.test(p))).toBe(true);
    expect(policies.filter((p) => p.includes('cognito-idp:ListUsers')).every((p) => p.includes('userpool/'))).toBe(true);
  });

  it('serves profile pictures from their own private bucket under /profile-pictures/', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/profile-pictures/*',
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' }), Match.objectLike({ EventType: 'viewer-response' })],
          }),
        ]),
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp('profile-pictures') });
    // A missing picture is a 404 (S3 says 403 to a reader that may not list), never the SPA.
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp('statusCode = 404') });
  });

  it('deploys config.json to the site bucket', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: Match.anyValue(),
      DistributionPaths: ['/*'],
    });
  });
});
