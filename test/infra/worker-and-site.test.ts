import { Match, type Template } from 'aws-cdk-lib/assertions';
import { buckets, queues, tables } from '@frameforge/functions/contracts/resources';
import { synthTemplate } from './support/synth-stack';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
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
