import { sharedStackTemplate } from './support/shared-synthesis';
import { synthTemplate } from './support/synth-stack';
import { render } from './support/template-queries';

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string | string[];
}

let resources: Record<string, Resource>;
let edgeResources: Record<string, Resource>;
beforeAll(() => {
  resources = synthTemplate().toJSON().Resources as Record<string, Resource>;
  edgeResources = sharedStackTemplate('FrameForgeEdge').toJSON().Resources as Record<string, Resource>;
});

const ofType = (from: Record<string, Resource>, type: string) => Object.entries(from).filter(([, r]) => r.Type === type);

/** The log group a `{ Ref }` (its name) or `{ Fn::GetAtt: [id, 'Arn'] }` points at, with its retention. */
function retainedGroup(reference: unknown): number | undefined {
  const id = render(reference).replace(/^\{|(\.Arn)?\}$/g, '');
  const group = resources[id];
  expect(group?.Type).toBe('AWS::Logs::LogGroup');
  return group?.Properties.RetentionInDays as number | undefined;
}

describe('log retention', () => {
  it('sets a retention on every log group, the edge stack included', () => {
    const groups = [...ofType(resources, 'AWS::Logs::LogGroup'), ...ofType(edgeResources, 'AWS::Logs::LogGroup')];
    expect(groups.length).toBeGreaterThan(10);
    const without = groups.filter(([, g]) => !(Number(g.Properties.RetentionInDays) > 0)).map(([id]) => id);
    expect(without).toEqual([]);
  });

  /**
   * CDK's cross-region reference helpers (the edge stack's web ACL ARN) are made
   * while the app synthesizes, after every construct of ours, with no log
   * settings: the one known gap, named here so that no other function joins it.
   */
  const CROSS_REGION_HELPER = /^CustomCrossRegionExport(Reader|Writer)CustomResourceProviderHandler[0-9A-F]{8}$/;

  it('gives every Lambda function, the site deployment helper included, its own log group with a retention', () => {
    const functions = ofType(resources, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(20);
    expect(ofType(edgeResources, 'AWS::Lambda::Function').filter(([id]) => !CROSS_REGION_HELPER.test(id))).toEqual([]);
    for (const [id, fn] of functions.filter(([name]) => !CROSS_REGION_HELPER.test(name))) {
      const config = fn.Properties.LoggingConfig as { LogGroup?: unknown } | undefined;
      if (!config?.LogGroup) throw new Error(`${id} logs to a group the stack does not own`);
      expect(retainedGroup(config.LogGroup)).toBeGreaterThan(0);
    }
  });

  it("keeps every API stage's access logs and execution logs, the stage made after its execution log group", () => {
    const stages = ofType(resources, 'AWS::ApiGateway::Stage');
    expect(stages).toHaveLength(2);
    for (const [, stage] of stages) {
      const access = stage.Properties.AccessLogSetting as { DestinationArn: unknown };
      expect(retainedGroup(access.DestinationArn)).toBeGreaterThan(0);
      const name = `API-Gateway-Execution-Logs_${render(stage.Properties.RestApiId)}/${String(stage.Properties.StageName)}`;
      const execution = ofType(resources, 'AWS::Logs::LogGroup').find(([, g]) => render(g.Properties.LogGroupName) === name);
      expect(execution?.[1].Properties.RetentionInDays).toBeGreaterThan(0);
      expect([stage.DependsOn ?? []].flat()).toContain(execution?.[0]);
    }
  });

  it("sends the worker's containers to a log group with a retention", () => {
    const [[, task]] = ofType(resources, 'AWS::ECS::TaskDefinition') as [[string, Resource]];
    const containers = task.Properties.ContainerDefinitions as { LogConfiguration: { LogDriver: string; Options: Record<string, unknown> } }[];
    for (const { LogConfiguration } of containers) {
      expect(LogConfiguration.LogDriver).toBe('awslogs');
      expect(retainedGroup(LogConfiguration.Options['awslogs-group'])).toBeGreaterThan(0);
    }
  });
});
