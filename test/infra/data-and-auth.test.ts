import { Match, type Template } from 'aws-cdk-lib/assertions';
import { buckets, queues, tables, userPool, type TableDefinition } from '@frameforge/functions/kernel/contracts/resources';
import { standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { resourcesOf, synthStack, synthTemplate } from './support/synth-stack';
import { environmentOf, permissionsOf } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

const resources = (type: string) => resourcesOf(template, type);

describe('data', () => {
  const definitions = Object.values(tables) as TableDefinition[];

  it('has one table per definition', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', definitions.length);
  });

  it('protects every table from deletion, not only from a stack deletion', () => {
    const tablesFound = resources('AWS::DynamoDB::Table');
    expect(tablesFound).toHaveLength(definitions.length);
    for (const table of tablesFound) expect(table.Properties.DeletionProtectionEnabled).toBe(true);
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
        // CloudFormation omits an empty index list.
        GlobalSecondaryIndexes: def.globalIndexes.length
          ? def.globalIndexes.map((index) =>
              Match.objectLike({
                IndexName: index.indexName,
                KeySchema: [
                  { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
                  ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' }] : []),
                ],
              }),
            )
          : Match.absent(),
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
    // The media and callback queues with their dead-letter queues, and the jobs stream's failed changes.
    template.resourceCountIs('AWS::SQS::Queue', 5);
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
      // Only the access-log bucket takes the log-delivery ACL (CloudFront's standard logs write with ACLs), never a public one.
      const isLogBucket = JSON.stringify(bucket.Properties.LifecycleConfiguration ?? {}).includes('expire-logs');
      expect(bucket.Properties.AccessControl).toBe(isLogBucket ? 'LogDeliveryWrite' : undefined);
      expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
      // Every other bucket logs its accesses there.
      if (!isLogBucket) expect(bucket.Properties.LoggingConfiguration).toEqual(expect.objectContaining({ DestinationBucketName: expect.anything() }));
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
      LambdaConfig: {
        CustomMessage: { 'Fn::GetAtt': [Match.stringLikeRegexp('TriggersCustomMessage'), 'Arn'] },
        // Tells the old address of an address change: tokens carry the new one once it is verified.
        PreTokenGeneration: { 'Fn::GetAtt': [Match.stringLikeRegexp('TriggersPreTokenGeneration'), 'Arn'] },
      },
    });
    expect(userPool.passwordPolicy.minimumLength).toBe(6);
  });

  it('has a web client without secret, SRP only and no OAuth (the plain-password flow is the local emulator’s)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlowsUserPoolClient: false,
      AllowedOAuthFlows: Match.absent(),
      CallbackURLs: Match.absent(),
      PreventUserExistenceErrors: 'ENABLED',
    });
  });

  it('lets each user turn on two-factor sign-in with an authenticator app (TOTP), never SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      SmsConfiguration: Match.absent(),
    });
    expect(resourcesOf(template, 'AWS::IAM::Role').filter((role) => JSON.stringify(role).includes('cognito-idp.amazonaws.com'))).toEqual([]);
    expect(userPool.mfa).toBe('OPTIONAL');
  });

  it('protects the pool from deletion and enforces threat protection', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      DeletionProtection: 'ACTIVE',
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      EmailConfiguration: Match.absent(),
    });
  });

  it('sends its e-mails through SES from the sending identity the context names', () => {
    const { template: withSes } = synthStack({ emailFrom: 'FrameForge <no-reply@mail.example.com>' });
    withSes.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: 'FrameForge <no-reply@mail.example.com>',
        SourceArn: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp('identity/mail.example.com')])]) }),
      }),
    });
  });

  it('sends from the address identity when that is the one verified, as the notices do', () => {
    const sender = 'FrameForge <no-reply@mail.example.com>';
    const { template: withAddress } = synthStack({ emailFrom: sender, emailIdentity: 'no-reply@mail.example.com' });
    const pool = resourcesOf(withAddress, 'AWS::Cognito::UserPool')[0]!;
    const config = pool.Properties.EmailConfiguration as { From: string; SourceArn: unknown };
    expect(config.From).toBe(sender);
    expect(JSON.stringify(config.SourceArn)).toMatch(/identity\/no-reply@mail\.example\.com"/);
    // The functions' sender and its grant name the same address.
    expect(environmentOf(withAddress, standaloneFunctions.preTokenGeneration).EMAIL_FROM).toBe(sender);
    expect(permissionsOf(withAddress, standaloneFunctions.preTokenGeneration)).toContain(
      'ses:SendEmail arn:{AWS::Partition}:ses:eu-west-1:123456789012:identity/no-reply@mail.example.com',
    );
  });

  it('refuses an SES identity that is neither the sender nor its domain', () => {
    expect(() => synthStack({ emailFrom: 'no-reply@mail.example.com', emailIdentity: 'other.example.com' })).toThrow(/must be the sender's address/);
  });
});
