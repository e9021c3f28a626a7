import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestedStack, Stage, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';

type Json = unknown;
interface CfnTemplate {
  Resources: Record<string, { Type: string; Properties?: Record<string, Json>; DependsOn?: string | string[] }>;
  Outputs?: Record<string, { Value: Json }>;
  Parameters?: Record<string, Json>;
}

/** Replaces every `{ Ref: name }` or `Fn::GetAtt` that `swap` answers, anywhere in a value. */
function rewrite(value: Json, swap: (node: Record<string, Json>) => Json | undefined): Json {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, swap));
  if (value !== null && typeof value === 'object') {
    const node = value as Record<string, Json>;
    const swapped = swap(node);
    if (swapped !== undefined) return rewrite(swapped, swap);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, rewrite(v, swap)]));
  }
  return value;
}

/**
 * The app as one template, as if its nested stacks were inlined: each nested
 * stack's parameters replaced by what the parent passes, and the parent's
 * references to nested outputs by the outputs' values. Assertions written
 * against one stack keep holding wherever a resource lives; the real,
 * split templates are what `cdk synth` writes and cdk-nag checks.
 */
export function flattenedTemplate(stack: Stack): Template {
  // One synthesis serves the stack and every nested one: `Template.fromStack` synthesizes the whole app again for each.
  const stage = Stage.of(stack);
  if (!stage) throw new Error(`${stack.node.path} is in no app`);
  return flattenedFrom(stack, stage.synth({ force: true }));
}

/** A stack's template as `Template.fromStack` reads it, dependency-cycle check included. */
function templateOf(stack: Stack, assembly: CloudAssembly): CfnTemplate {
  const json: unknown = stack.nestedStackParent
    ? JSON.parse(readFileSync(join(assembly.directory, stack.templateFile), 'utf8'))
    : assembly.getStackArtifact(stack.artifactId).template;
  return Template.fromJSON(json as Record<string, unknown>).toJSON() as CfnTemplate;
}

function flattenedFrom(stack: Stack, assembly: CloudAssembly): Template {
  const parent = templateOf(stack, assembly);
  const resources = { ...parent.Resources };
  const outputsOf = new Map<string, Record<string, Json>>();
  const nestedStacks = stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
  for (const nested of nestedStacks) {
    const id = String(stack.resolve(nested.nestedStackResource?.logicalId));
    const passed = (resources[id]?.Properties?.Parameters ?? {}) as Record<string, Json>;
    delete resources[id];
    const inner = flattenedFrom(nested, assembly).toJSON() as CfnTemplate;
    const fromParent = (node: Record<string, Json>) => (typeof node.Ref === 'string' && node.Ref in passed ? passed[node.Ref] : undefined);
    for (const [innerId, resource] of Object.entries(inner.Resources)) resources[innerId] = rewrite(resource, fromParent) as CfnTemplate['Resources'][string];
    outputsOf.set(id, Object.fromEntries(Object.entries(inner.Outputs ?? {}).map(([name, output]) => [name, rewrite(output.Value, fromParent)])));
  }
  const toOutputs = (node: Record<string, Json>) => {
    const getAtt = node['Fn::GetAtt'];
    if (!Array.isArray(getAtt)) return undefined;
    const [id, attribute] = getAtt as [string, string];
    return attribute.startsWith('Outputs.') ? outputsOf.get(id)?.[attribute.slice('Outputs.'.length)] : undefined;
  };
  const merged = rewrite(resources, toOutputs) as CfnTemplate['Resources'];
  for (const resource of Object.values(merged)) {
    if (resource.DependsOn === undefined) continue;
    const kept = [resource.DependsOn].flat().filter((d) => d in merged);
    if (kept.length) resource.DependsOn = kept;
    else delete resource.DependsOn;
  }
  return Template.fromJSON({ ...parent, Resources: merged });
}
