import { Match, type Template } from 'aws-cdk-lib/assertions';
import { synthStack } from './support/synth-stack';

let template: Template;
beforeAll(() => {
  template = synthStack().template;
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
