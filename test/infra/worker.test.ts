import { Match, type Template } from 'aws-cdk-lib/assertions';
import { synthStack, synthTemplate } from './support/synth-stack';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

describe('worker task protection', () => {
  it('lets the task role set and read scale-in protection on its own cluster’s tasks only', () => {
    const clusterId = Object.keys(template.findResources('AWS::ECS::Cluster'))[0];
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['ecs:UpdateTaskProtection', 'ecs:GetTaskProtection']),
            Effect: 'Allow',
            Resource: {
              'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':task/$'), { Ref: clusterId }, '/*'])],
            },
          }),
        ]),
      },
      Roles: Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp('^WorkerTaskTaskRole') })]),
    });
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).map((p) => JSON.stringify(p));
    const protections = policies.filter((p) => p.includes('TaskProtection'));
    expect(protections.length).toBeGreaterThan(0);
    expect(protections.every((p) => !p.includes('"Resource":"*"'))).toBe(true);
  });
});

describe('worker task bounds', () => {
  const scalingOf = (t: Template) => {
    const target = Object.values(t.findResources('AWS::ApplicationAutoScaling::ScalableTarget'))[0] as { Properties: { MinCapacity: number; MaxCapacity: number } };
    const steps = Object.values(t.findResources('AWS::ApplicationAutoScaling::ScalingPolicy')).flatMap(
      (p) => (p as { Properties: { StepScalingPolicyConfiguration: { StepAdjustments: { ScalingAdjustment: number }[] } } }).Properties.StepScalingPolicyConfiguration.StepAdjustments,
    );
    return { min: target.Properties.MinCapacity, max: target.Properties.MaxCapacity, capacities: steps.map((s) => s.ScalingAdjustment) };
  };

  it('defaults to one warm task and at most ten, every step within those bounds', () => {
    const { min, max, capacities } = scalingOf(template);
    expect([min, max]).toEqual([1, 10]);
    expect(capacities.every((c) => c >= 1 && c <= 10)).toBe(true);
    expect(capacities).toContain(10);
  });

  it('takes both bounds from the CDK context, scaling to zero when the minimum is zero', () => {
    const { min, max, capacities } = scalingOf(synthStack({ workerMinTasks: '0', workerMaxTasks: '3' }).template);
    expect([min, max]).toEqual([0, 3]);
    expect(capacities).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    expect(Math.max(...capacities)).toBe(3);
  });

  it('refuses bounds that cannot hold', () => {
    expect(() => synthStack({ workerMinTasks: '5', workerMaxTasks: '2' })).toThrow(/workerMinTasks/);
    expect(() => synthStack({ workerMaxTasks: 'many' })).toThrow(/workerMaxTasks/);
  });
});
