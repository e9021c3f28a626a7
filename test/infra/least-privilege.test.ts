import type { Template } from 'aws-cdk-lib/assertions';
import { accessOf, routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { STRIPE_WEBHOOK_HANDLER } from '@frameforge/infra/lib/constructs/route-access';
import { synthTemplate } from './support/synth-stack';
import { GATEWAY_KEY_OWNER_ENV, GATEWAY_KEY_OWNER_TAG } from '@frameforge/functions/kernel/contracts/usage-plans';
import { environmentOf, permissionsOf, render, tagScopedPermissionsOf } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

const handlers = [...routes.map((r) => r.handler), ...Object.values(standaloneFunctions)];
/** Reached without a user, a key or a pool: the public routes and the Cognito trigger. */
const publicHandlers = [...routes.filter((r) => r.auth === 'none').map((r) => r.handler), standaloneFunctions.customMessage];
/**
 * Stripe's webhook is public (Stripe holds no token of ours) but proves each
 * call with a signature it checks first, before it reads anything else: it
 * alone among the public functions may read its secrets and billing records.
 */
const PUBLIC_EXCEPTIONS = [STRIPE_WEBHOOK_HANDLER];
/** Services that hold data, secrets or keys. */
const GUARDED = ['dynamodb:', 's3:', 'sqs:', 'secretsmanager:', 'kms:', 'apigateway:', 'cognito-idp:'];
/** Actions that AWS accepts on `*` only. */
const RESOURCE_LESS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];
/** Also on `*` only, and only for a function that declares it reads a stream. */
const STREAM_LISTING = 'dynamodb:ListStreams';

describe('least privilege, per function', () => {
  it('prints what each function may do, from the route table', () => {
    const lines = handlers.map((handler) => {
      const actions = [...new Set(permissionsOf(template, handler).map((p) => p.split(' ')[0]))].sort();
      return `${handler.padEnd(30)} ${accessOf(handler).join(', ') || '(nothing)'}\n${' '.repeat(31)}${actions.join(' ')}`;
    });
    console.log(`What each function is granted:\n${lines.join('\n')}`);
    expect(lines).toHaveLength(handlers.length);
  });

  it.each(publicHandlers.filter((h) => !PUBLIC_EXCEPTIONS.includes(h)))('%s, public, touches no table, bucket, queue, secret, key, plan or pool', (handler) => {
    expect(accessOf(handler)).toEqual([]);
    expect(permissionsOf(template, handler).filter((p) => GUARDED.some((service) => p.startsWith(service)))).toEqual([]);
  });

  it("grants each function nothing on `*` but the resource-less X-Ray actions (and a stream consumer's listing)", () => {
    const resourceLess = (h: string) => [...RESOURCE_LESS, ...(accessOf(h).includes('jobs:stream') ? [STREAM_LISTING] : [])];
    const onEverything = handlers.flatMap((h) =>
      permissionsOf(template, h)
        .filter((p) => p.endsWith(' *') && !resourceLess(h).some((action) => p === `${action} *`))
        .map((p) => `${h}: ${p}`),
    );
    expect(onEverything).toEqual([]);
  });

  it("holds every other wildcard inside one of this stack's own resources, or on what carries this stack's owner tag", () => {
    const resources = template.toJSON().Resources as Record<string, unknown>;
    const unscoped = handlers.flatMap((handler) => {
      const tagScoped = tagScopedPermissionsOf(template, handler, GATEWAY_KEY_OWNER_TAG).map((p) => p.permission);
      return permissionsOf(template, handler)
        .filter((p) => !p.endsWith(' *') && p.includes('*') && !tagScoped.includes(p))
        .filter((p) => {
          // `{LogicalId}` or `{LogicalId.Arn}` before the wildcard: a resource this template creates.
          const before = p.slice(0, p.indexOf('*'));
          const ids = [...before.matchAll(/\{([A-Za-z0-9]+)(?:\.[A-Za-z]+)?\}/g)].map((m) => m[1] ?? '');
          return !ids.some((id) => id in resources);
        })
        .map((p) => `${handler}: ${p}`);
    });
    expect(unscoped).toEqual([]);
  });

  it("lets a function delete an API Gateway key only when the key carries this stack's owner tag", () => {
    const scoped = handlers.flatMap((handler) => tagScopedPermissionsOf(template, handler, GATEWAY_KEY_OWNER_TAG).map((p) => ({ handler, ...p })));
    expect(scoped.length).toBeGreaterThan(0);
    for (const { handler, permission, value } of scoped) {
      expect(permission).toMatch(/^apigateway:DELETE arn:\{AWS::Partition\}:apigateway:[a-z0-9-]+::\/apikeys\/\*$/);
      // The stack's name, which the same functions get as the tag's value for the keys they create.
      expect(value).toBe(render(environmentOf(template, handler)[GATEWAY_KEY_OWNER_ENV]));
    }
    // The functions that revoke keys or delete accounts are among them.
    expect(scoped.map((s) => s.handler)).toEqual(expect.arrayContaining(['portal/revoke-api-key', 'portal/delete-account']));
  });

  it('grants every function its own log group and nothing it did not declare', () => {
    for (const handler of handlers) {
      const declared = accessOf(handler);
      const services = new Set(permissionsOf(template, handler).map((p) => p.split(':')[0]));
      if (!declared.some((c) => c.startsWith('stripe:'))) expect([handler, services.has('secretsmanager')]).toEqual([handler, false]);
      if (!declared.some((c) => c.startsWith('secrets:'))) expect([handler, services.has('kms')]).toEqual([handler, false]);
      if (!declared.some((c) => c.endsWith('-queue:send'))) expect([handler, services.has('sqs')]).toEqual([handler, false]);
      if (!declared.includes('email:send')) expect([handler, services.has('ses')]).toEqual([handler, false]);
      expect([handler, services.has('logs')]).toEqual([handler, true]);
    }
  });
});
