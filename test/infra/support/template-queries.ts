import type { Template } from 'aws-cdk-lib/assertions';
import { functionId } from '@frameforge/infra/lib/constructs/handler-function';

interface CfnResource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
}

const resourcesById = (template: Template): Record<string, CfnResource> =>
  (template.toJSON() as { Resources: Record<string, CfnResource> }).Resources;

const entriesOf = (template: Template, type: string): [string, CfnResource][] =>
  Object.entries(resourcesById(template)).filter(([, r]) => r.Type === type);

/**
 * An intrinsic as a readable string, so assertions can name whole ARNs and
 * URLs: `{Id}` for a Ref, `{Id.Attr}` for a GetAtt, joins concatenated.
 */
export function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.Ref === 'string') return `{${v.Ref}}`;
    if (Array.isArray(v['Fn::GetAtt'])) return `{${(v['Fn::GetAtt'] as string[]).join('.')}}`;
    if (Array.isArray(v['Fn::Join'])) {
      const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
      return parts.map(render).join(separator);
    }
  }
  return JSON.stringify(value);
}

/** Logical id of the one resource of `type` whose properties match. */
export function logicalIdOf(template: Template, type: string, match: (props: Record<string, unknown>) => boolean): string {
  const ids = entriesOf(template, type)
    .filter(([, r]) => match(r.Properties))
    .map(([id]) => id);
  if (ids.length !== 1) throw new Error(`Expected one ${type}, found ${ids.length}`);
  return ids[0] as string;
}

export const restApiIdOf = (template: Template, name: string): string =>
  logicalIdOf(template, 'AWS::ApiGateway::RestApi', (p) => p.Name === name);

/** Logical id of the Lambda function of a handler module, e.g. `billing/stripe-webhook`. */
export function functionLogicalIdOf(template: Template, handler: string): string {
  const pattern = new RegExp(`^Functions${functionId(handler)}Function[0-9A-F]{8}$`);
  const ids = entriesOf(template, 'AWS::Lambda::Function')
    .map(([id]) => id)
    .filter((id) => pattern.test(id));
  if (ids.length !== 1) throw new Error(`Expected one function for ${handler}, found ${ids.length}`);
  return ids[0] as string;
}

export function environmentOf(template: Template, handler: string): Record<string, unknown> {
  const fn = resourcesById(template)[functionLogicalIdOf(template, handler)] as CfnResource;
  return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

/**
 * Everything the role of a handler's function is allowed, as
 * `<action> <rendered resource>` lines, whatever way the statements are merged.
 */
export function permissionsOf(template: Template, handler: string): string[] {
  return allowStatementsOf(template, handler).flatMap(permissionLines);
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const permissionLines = (s: Record<string, unknown>): string[] =>
  list(s.Action as string | string[]).flatMap((a) => list(s.Resource).map((r) => `${a} ${render(r)}`));

/**
 * The Allow statements of a handler's role: its inline policy and, when that
 * grew past IAM's size limit, the overflow policies CDK splits it into.
 */
function allowStatementsOf(template: Template, handler: string): Record<string, unknown>[] {
  const fn = resourcesById(template)[functionLogicalIdOf(template, handler)] as CfnResource;
  const roleId = render(fn.Properties.Role).replace(/^\{|\.Arn\}$/g, '');
  return [...entriesOf(template, 'AWS::IAM::Policy'), ...entriesOf(template, 'AWS::IAM::ManagedPolicy')]
    .filter(([, p]) => list(p.Properties.Roles).some((role) => render(role) === `{${roleId}}`))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement)
    .filter((s) => s.Effect === 'Allow');
}

/**
 * A handler's permissions that hold only on resources carrying `tag` with the stack's name as its value
 * (`StringEquals aws:ResourceTag/<tag>: {AWS::StackName}`), and the value each such condition names.
 */
export function tagScopedPermissionsOf(template: Template, handler: string, tag: string): { permission: string; value: string }[] {
  return allowStatementsOf(template, handler).flatMap((s) => {
    const equals = (s.Condition as { StringEquals?: Record<string, unknown> } | undefined)?.StringEquals;
    const value = equals?.[`aws:ResourceTag/${tag}`];
    return value === undefined ? [] : permissionLines(s).map((permission) => ({ permission, value: render(value) }));
  });
}

/** Full paths (`/stripe/webhook`) of an API's resources, by logical id. */
function resourcePaths(template: Template, apiId: string): Map<string, string> {
  const resources = entriesOf(template, 'AWS::ApiGateway::Resource').filter(
    ([, r]) => render(r.Properties.RestApiId) === `{${apiId}}`,
  );
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const [, resource] = resources.find(([rid]) => rid === id) ?? [];
    if (!resource) throw new Error(`No resource ${id}`);
    const parent = render(resource.Properties.ParentId);
    const parentPath = parent === `{${apiId}.RootResourceId}` ? '' : pathOf(parent.slice(1, -1));
    const path = `${parentPath}/${String(resource.Properties.PathPart)}`;
    paths.set(id, path);
    return path;
  };
  resources.forEach(([id]) => pathOf(id));
  return paths;
}

/** The method of one route: API name, HTTP method and path as in the route table. */
export function methodOf(template: Template, api: string, httpMethod: string, path: string): Record<string, unknown> {
  const apiId = restApiIdOf(template, api);
  const paths = resourcePaths(template, apiId);
  const atPath = (resourceId: unknown): boolean => {
    const rendered = render(resourceId);
    if (rendered === `{${apiId}.RootResourceId}`) return path === '/';
    return paths.get(rendered.slice(1, -1)) === path;
  };
  const id = logicalIdOf(
    template,
    'AWS::ApiGateway::Method',
    (p) => render(p.RestApiId) === `{${apiId}}` && p.HttpMethod === httpMethod && atPath(p.ResourceId),
  );
  return (resourcesById(template)[id] as CfnResource).Properties;
}
