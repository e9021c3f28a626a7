import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lambdaFunctions, type LambdaFunctionSpec } from '@frameforge/functions/bundling/bundle-layout';
import { functionId } from '@frameforge/infra/lib/constructs/handler-function';

export const assemblyDir = join(__dirname, '../../infra/cdk.out');

interface CfnResource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
  readonly Metadata?: Record<string, unknown>;
}

export interface DeployedFunction {
  readonly spec: LambdaFunctionSpec;
  readonly logicalId: string;
  readonly stack: string;
  /** The staged asset folder that `cdk deploy` zips and uploads. */
  readonly assetDir: string;
  /** The function's environment, intrinsics replaced by plausible stand-ins. */
  readonly environment: Record<string, string>;
}

/** Every stack template `cdk synth` wrote, by stack name (nested stacks included). */
export function templates(dir = assemblyDir): Map<string, { Resources: Record<string, CfnResource> }> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
  };
  const found = new Map<string, { Resources: Record<string, CfnResource> }>();
  for (const [name, artifact] of Object.entries(manifest.artifacts)) {
    if (artifact.type !== 'aws:cloudformation:stack' || !artifact.properties?.templateFile) continue;
    found.set(name, JSON.parse(readFileSync(join(dir, artifact.properties.templateFile), 'utf8')));
  }
  for (const [name, template] of [...found]) {
    for (const [id, resource] of Object.entries(template.Resources)) {
      const path = resource.Metadata?.['aws:asset:path'];
      if (resource.Type === 'AWS::CloudFormation::Stack' && typeof path === 'string' && existsSync(join(dir, path))) {
        found.set(`${name}/${id}`, JSON.parse(readFileSync(join(dir, path), 'utf8')));
      }
    }
  }
  return found;
}

const PSEUDO: Record<string, string> = {
  'AWS::Region': 'eu-west-1',
  'AWS::AccountId': '123456789012',
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'FrameForge',
};

/** A CloudFormation value as the string it would become at deploy, with made-up but well-formed ids. */
export function standIn(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value !== null && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.Ref === 'string') return PSEUDO[v.Ref] ?? `res-${v.Ref.toLowerCase().slice(0, 40)}`;
    if (Array.isArray(v['Fn::GetAtt'])) return (v['Fn::GetAtt'] as string[]).join('-').toLowerCase().replace(/[^a-z0-9-]/g, '');
    if (Array.isArray(v['Fn::Join'])) {
      const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
      return parts.map(standIn).join(separator);
    }
    if (Array.isArray(v['Fn::Select'])) {
      const [index, list] = v['Fn::Select'] as [number, unknown];
      const items = Array.isArray(list) ? list.map(standIn) : standIn(list).split(',');
      return items[index] ?? '';
    }
    if (Array.isArray(v['Fn::Split'])) return standIn((v['Fn::Split'] as [string, unknown])[1]);
    if (typeof v['Fn::ImportValue'] === 'string') return `import-${v['Fn::ImportValue'].toLowerCase()}`;
  }
  return JSON.stringify(value);
}

/** Our Lambda functions as synthesized, each with its staged bundle. */
export function deployedFunctions(dir = assemblyDir): DeployedFunction[] {
  const all = [...templates(dir)].flatMap(([stack, template]) =>
    Object.entries(template.Resources)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
      .map(([logicalId, r]) => ({ stack, logicalId, resource: r })),
  );
  return lambdaFunctions().map((spec) => {
    const pattern = new RegExp(`${functionId(spec.handler)}Function[0-9A-F]{8}$`);
    const matches = all.filter((f) => pattern.test(f.logicalId));
    if (matches.length !== 1) throw new Error(`Expected one function for ${spec.handler} in the assembly, found ${matches.length}`);
    const { stack, logicalId, resource } = matches[0]!;
    const assetPath = resource.Metadata?.['aws:asset:path'];
    if (typeof assetPath !== 'string') throw new Error(`${spec.handler}: no staged asset (was the app synthesized by the CLI?)`);
    const variables = ((resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {});
    const environment = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, standIn(v)]));
    return { spec, logicalId, stack, assetDir: join(dir, assetPath), environment };
  });
}
