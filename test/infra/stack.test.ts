import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buckets, queues, tables, userPool, type TableDefinition } from '@frameforge/functions/contracts/resources';
import { routes, standaloneFunctions } from '../../functions/src/http/routes';
import { FrameForgeStack } from '../../infra/lib/frameforge-stack';
import { TIER_PLANS } from '../../infra/lib/constructs/usage-plans';

/**
 * Synthesizes the real stack once for the file (~2.5 s). Bundling is skipped
 * through the CLI's own context key: NodejsFunction still requires every
 * handler entry to exist, but esbuild per function (~10 s) is what
 * `cdk synth` checks, not this test.
 */
let template: Template;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, analyticsReporting: false });
  const stack = new FrameForgeStack(app, 'FrameForge', { env: { account: '123456789012', region: 'eu-west-1' } });
  // The dependency-cycle check stays on: it costs ~30 ms and a cycle (a function
  // naming its own API's stage, or the user pool its trigger) only fails at deploy.
  template = Template.fromStack(stack);
});

type Resource = { Properties: Record<string, unknown> };
const resources = (type: string): Resource[] => Object.values(template.findResources(type)) as Resource[];

/** Our handler functions: Node 22 on arm64 (the SPA deployment's own function is Python). */
const handlerFunctions = (): Resource[] =>
  resources('AWS::Lambda::Function').filter(
    (f) => f.Properties.Runtime === 'nodejs22.x' && (f.Properties.Architectures as string[] | undefined)?.[0] === 'arm64',
  );

describe('data', () => {
  const definitions = Object.values(tables) as TableDefinition[];

  it('has one table per definition', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', definitions.length);
  });

  it.each(definitions.map((d) => [d.id, d] as const))('builds %s from its definition', (_id, def) => {
    const keySchema = [
      { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
      ...(def.sortKey ? [{ AttributeName: def.sortKey.name, KeyType: 'RANGE' }] : []),
    ];
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: keySchema,
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        GlobalSecondaryIndexes: def.globalIndexes.map((index) =>
          Match.objectLike({
            IndexName: index.indexName,
            KeySchema: [
              { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
              ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' }] : []),
            ],
          }),
        ),
        TimeToLiveSpecification: def.timeToLiveAttribute
          ? { AttributeName: def.timeToLiveAttribute, Enabled: true }
          : Match.absent(),
      }),
    });
  });
});

describe('queues', () => {
  it('sends poison media jobs to a dead-letter queue after the defined receives', () => {
    expect(queues.media.maxReceiveCount).toBe(3);
    template.resourceCountIs('AWS::SQS::Queue', 2);
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: queues.media.visibilityTimeoutSeconds,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('dlq'), 'Arn'] },
        maxReceiveCount: queues.media.maxReceiveCount,
      },
    });
  });
});

describe('storage', () => {
  it('expires media as the bucket definition says', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith(
          buckets.media.expirations.map((rule) =>
            Match.objectLike({ Prefix: rule.prefix, ExpirationInDays: rule.days, Status: 'Enabled' }),
          ),
        ),
      },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['GET']) })],
      },
    });
  });

  it('makes no bucket public and refuses plain HTTP on every bucket', () => {
    const allBuckets = resources('AWS::S3::Bucket');
    expect(allBuckets.length).toBeGreaterThanOrEqual(2);
    for (const bucket of allBuckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.AccessControl).toBeUndefined();
      expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
    }
    const policies = resources('AWS::S3::BucketPolicy');
    expect(policies).toHaveLength(allBuckets.length);
    for (const policy of policies) {
      const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
      expect(statements).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
      // Nothing is granted to everyone: the only service principal is CloudFront, by distribution.
      for (const s of statements.filter((s) => s.Effect === 'Allow')) {
        expect(s.Principal).not.toBe('*');
        expect(s.Principal).not.toEqual({ AWS: '*' });
      }
    }
  });

  it('has a rotating KMS key for API key secrets', () => {
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });
});

describe('auth', () => {
  it('builds the user pool from its definition, with the CustomMessage trigger', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: userPool.passwordPolicy.minimumLength,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      LambdaConfig: { CustomMessage: { 'Fn::GetAtt': [Match.stringLikeRegexp('TriggersCustomMessage'), 'Arn'] } },
    });
    expect(userPool.passwordPolicy.minimumLength).toBe(6);
  });

  it('has a web client without secret allowing password and SRP flows', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    });
  });
});

describe('functions', () => {
  it('has one function per route plus the standalone functions', () => {
    expect(handlerFunctions()).toHaveLength(routes.length + Object.keys(standaloneFunctions).length);
  });

  it('gives every API function the shared environment and the trigger only the portal URLs', () => {
    let triggers = 0;
    for (const fn of handlerFunctions()) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.LoggingConfig).toEqual({ LogGroup: expect.anything() });
      if (!('TABLE_API_KEYS' in variables)) {
        // The CustomMessage trigger: links only, no data and no identity it could not know.
        triggers += 1;
        expect(Object.keys(variables).sort()).toEqual(['NODE_OPTIONS', 'PORTAL_API_URL', 'PORTAL_URL']);
        continue;
      }
      for (const name of [
        ...Object.values(tables).map((t) => t.envVar),
        buckets.media.envVar,
        queues.media.envVar,
        'USER_POOL_ID',
        'USER_POOL_CLIENT_ID',
        'COGNITO_ISSUER',
        'PORTAL_URL',
        'PORTAL_API_URL',
        'API_KEY_KMS_KEY_ID',
      ]) {
        expect(variables).toHaveProperty(name);
      }
    }
    expect(triggers).toBe(1);
  });

  it('applies the route timeout and memory', () => {
    for (const route of routes.filter((r) => r.timeoutSeconds || r.memoryMb)) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        ...(route.timeoutSeconds ? { Timeout: route.timeoutSeconds } : {}),
        ...(route.memoryMb ? { MemorySize: route.memoryMb } : {}),
      });
    }
  });

  it('keeps logs for one month', () => {
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });
});

describe('APIs', () => {
  const apiIdOf = (name: string): string => {
    const entry = Object.entries(template.findResources('AWS::ApiGateway::RestApi')).find(
      ([, r]) => (r as Resource).Properties.Name === name,
    );
    if (!entry) throw new Error(`no RestApi ${name}`);
    return entry[0];
  };

  it('has the portal and product APIs, uploads arriving as binary', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: 'portal' });
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      Name: 'product',
      BinaryMediaTypes: ['multipart/form-data', '*/*'],
    });
  });

  it('has one method per route, authorized as the route table says', () => {
    const methods = resources('AWS::ApiGateway::Method').filter((m) => m.Properties.HttpMethod !== 'OPTIONS');
    expect(methods).toHaveLength(routes.length);
    const byAuth = (type: string) => methods.filter((m) => m.Properties.AuthorizationType === type).length;
    expect(byAuth('COGNITO_USER_POOLS')).toBe(routes.filter((r) => r.auth === 'cognito').length);
    expect(byAuth('CUSTOM')).toBe(routes.filter((r) => r.auth === 'api-key').length);
    expect(byAuth('NONE')).toBe(routes.filter((r) => r.auth === 'none').length);
  });

  it('authorizes product routes with the API key authorizer, cached 60 s', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.X-API-Key',
      AuthorizerResultTtlInSeconds: 60,
      RestApiId: { Ref: apiIdOf('product') },
      AuthorizerUri: Match.anyValue(),
    });
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      RestApiId: { Ref: apiIdOf('portal') },
    });
  });

  it('has three usage plans, one per tier, with the per-minute limits as throttles', () => {
    template.resourceCountIs('AWS::ApiGateway::UsagePlan', 3);
    expect(TIER_PLANS.map((p) => p.tier)).toEqual(['basic', 'boost', 'elite']);
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'frameforge-basic',
      Throttle: { RateLimit: 0.05, BurstLimit: 3 },
      ApiStages: [Match.objectLike({ ApiId: { Ref: apiIdOf('product') } })],
    });
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'frameforge-boost',
      Throttle: { RateLimit: 5 / 60, BurstLimit: 5 },
    });
  });

  it('answers gateway errors with JSON bodies', () => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'UNAUTHORIZED',
      StatusCode: '401',
      RestApiId: { Ref: apiIdOf('product') },
      ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"code":"unauthorized"') },
    });
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'THROTTLED',
      StatusCode: '429',
      ResponseParameters: Match.objectLike({ 'gatewayresponse.header.Retry-After': "'60'" }),
    });
    for (const response of resources('AWS::ApiGateway::GatewayResponse')) {
      const body = (response.Properties.ResponseTemplates as Record<string, string>)['application/json'];
      expect(body).toMatch(/^\{"error":/);
    }
  });
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
          ]),
        }),
      ],
    });
  });

  it('starts with no task and scales from zero on the queue backlog', () => {
    template.hasResourceProperties('AWS::ECS::Service', {
      DesiredCount: 0,
      LaunchType: 'FARGATE',
      NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'ENABLED' }) },
    });
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', { MinCapacity: 0 });
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
});

describe('site', () => {
  it('serves the SPA through CloudFront with index.html as the fallback', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: [
          { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
        ],
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
      }),
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('deploys config.json to the site bucket', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: Match.anyValue(),
      DistributionPaths: ['/*'],
    });
  });
});
