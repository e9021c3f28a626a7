import type { Template } from 'aws-cdk-lib/assertions';
import { DEPLOYED_VOICE_PROVIDER } from '@frameforge/functions/features/jobs/contracts/voices';
import { routes } from '@frameforge/functions/kernel/http/routes';
import { resourcesOf, synthTemplate } from './support/synth-stack';
import { environmentOf } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

describe('one voice provider for the API and the worker', () => {
  it('gives the worker the deployed provider', () => {
    const [task] = resourcesOf(template, 'AWS::ECS::TaskDefinition');
    const containers = task?.Properties.ContainerDefinitions as { Environment?: { Name: string; Value: unknown }[] }[];
    const variables = containers.flatMap((c) => c.Environment ?? []).filter((v) => v.Name === 'VOICE_PROVIDER');
    expect(variables).toEqual([{ Name: 'VOICE_PROVIDER', Value: DEPLOYED_VOICE_PROVIDER }]);
  });

  it('gives every voice endpoint the same provider', () => {
    const voiceHandlers = ['product/redub-tts', 'product/redub-vc', 'product/voices'];
    for (const handler of voiceHandlers) {
      expect(routes.some((r) => r.handler === handler)).toBe(true);
      expect(environmentOf(template, handler).VOICE_PROVIDER).toBe(DEPLOYED_VOICE_PROVIDER);
    }
  });
});
