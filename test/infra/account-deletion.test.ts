import type { Template } from 'aws-cdk-lib/assertions';
import { routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { tables } from '@frameforge/functions/kernel/contracts/resources';
import { DELETE_ACCOUNT_HANDLER } from '@frameforge/infra/lib/constructs/route-access';
import { synthTemplate } from './support/synth-stack';
import { environmentOf, functionLogicalIdOf, methodOf, permissionsOf, render } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

/** `{LogicalId}` of what a variable of the account function names. */
const named = (envVar: string): string => render(environmentOf(template, DELETE_ACCOUNT_HANDLER)[envVar]).slice(1, -1);
const arnOf = (envVar: string): string => `{${named(envVar)}.Arn}`;
/** A table grant covers the table and each of its indexes, by name. */
const onTable = (envVar: string, actions: string[]): string[] => {
  const indexes = Object.values(tables).find((t) => t.envVar === envVar)?.globalIndexes ?? [];
  return actions.flatMap((action) => [`dynamodb:${action} ${arnOf(envVar)}`, ...indexes.map((i) => `dynamodb:${action} ${arnOf(envVar)}/index/${i.indexName}`)]);
};

describe('DELETE /account', () => {
  it('is a Cognito route of the portal API into its own function, with the longest timeout', () => {
    const route = routes.find((r) => r.handler === DELETE_ACCOUNT_HANDLER);
    expect(route).toMatchObject({ api: 'portal', method: 'DELETE', path: '/account', auth: 'cognito', timeoutSeconds: 29 });
    if (!route) throw new Error('no DELETE /account route');
    expect(route.access).toContain('account:delete');
    const method = methodOf(template, 'portal', 'DELETE', '/account');
    expect(method.AuthorizationType).toBe('COGNITO_USER_POOLS');
    expect(render((method.Integration as { Uri: unknown }).Uri)).toContain('FunctionsPortalDeleteAccountFunction');
    const fn = template.toJSON().Resources[functionLogicalIdOf(template, DELETE_ACCOUNT_HANDLER)] as { Properties: { Timeout: number } };
    expect(fn.Properties.Timeout).toBe(29);
  });

  it('may delete exactly what an account holds, cancel at Stripe, move keys out of plans and delete the pool user', () => {
    const pool = `arn:{AWS::Partition}:cognito-idp:eu-west-1:123456789012:userpool/{${named('USER_POOL_ID')}}`;
    const api = (path: string) => `arn:{AWS::Partition}:apigateway:eu-west-1::${path}`;
    const planKeys = ['BASIC', 'BOOST', 'ELITE', 'TEST'].map((tier) => api(`/usageplans/{${named(`USAGE_PLAN_${tier}`)}}/keys`));
    const deletes = ['DeleteItem', 'BatchWriteItem'];
    const expected = [
      ...['TABLE_API_KEYS', 'TABLE_JOBS', 'TABLE_UPLOADS', 'TABLE_IDEMPOTENCY_KEYS', 'TABLE_API_LOGS', 'TABLE_STRIPE_SUBSCRIPTIONS'].flatMap((t) => onTable(t, ['Query', ...deletes])),
      ...onTable('TABLE_API_KEYS', ['UpdateItem']),
      ...['TABLE_USER_SUBSCRIPTIONS', 'TABLE_USER_ROLES', 'TABLE_CALLBACK_SECRETS', 'TABLE_USER_PROFILES', 'TABLE_USAGE_COUNTERS'].flatMap((t) => onTable(t, deletes)),
      ...onTable('TABLE_STRIPE_CUSTOMERS', ['GetItem', 'UpdateItem', 'PutItem', 'DeleteItem']),
      ...['BUCKET_MEDIA', 'BUCKET_PROFILE_PICTURES'].flatMap((b) => [`s3:ListBucket ${arnOf(b)}`, `s3:DeleteObject ${arnOf(b)}/*`]),
      `secretsmanager:GetSecretValue {${render(environmentOf(template, DELETE_ACCOUNT_HANDLER).STRIPE_SECRET_KEY_ARN).slice(1, -1)}}`,
      `secretsmanager:DescribeSecret {${render(environmentOf(template, DELETE_ACCOUNT_HANDLER).STRIPE_SECRET_KEY_ARN).slice(1, -1)}}`,
      `apigateway:POST ${api('/apikeys')}`,
      ...planKeys.flatMap((keys) => [`apigateway:POST ${keys}`, `apigateway:GET ${keys}`, `apigateway:DELETE ${keys}/*`]),
      `apigateway:DELETE ${api('/apikeys/*')}`,
      `cognito-idp:ListUsers ${pool}`,
      `cognito-idp:AdminDeleteUser ${pool}`,
      // The confirmation e-mail: the address (ListUsers), the time zone, a once-only mark, the sending identity.
      ...onTable('TABLE_USER_PROFILES', ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem']),
      ...onTable('TABLE_USAGE_COUNTERS', ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']),
      ...['no-reply@frameforge.example', 'frameforge.example'].map((identity) => `ses:SendEmail arn:{AWS::Partition}:ses:eu-west-1:123456789012:identity/${identity}`),
      // Every function writes its own log group and traces to X-Ray.
      ...permissionsOf(template, DELETE_ACCOUNT_HANDLER).filter((p) => /^logs:(CreateLogStream|PutLogEvents) \{FunctionsPortalDeleteAccountLogs\w+\.Arn\}$/.test(p)),
      'xray:PutTelemetryRecords *',
      'xray:PutTraceSegments *',
    ];
    // Two capabilities may grant the same action (deleting a mark, writing one): compare the set.
    expect([...new Set(permissionsOf(template, DELETE_ACCOUNT_HANDLER))].sort()).toEqual([...new Set(expected)].sort());
  });

  it('is the only function that may delete users from the pool or remove user roles', () => {
    const others = [...routes.map((r) => r.handler).filter((h) => h !== DELETE_ACCOUNT_HANDLER), ...Object.values(standaloneFunctions)];
    for (const handler of others) {
      const permissions = permissionsOf(template, handler);
      expect(permissions.filter((p) => p.startsWith('cognito-idp:AdminDeleteUser'))).toEqual([]);
      expect(permissions).not.toContain(`dynamodb:DeleteItem ${arnOf('TABLE_USER_ROLES')}`);
    }
  });

  it('names the usage plans and both buckets to the account function', () => {
    const env = environmentOf(template, DELETE_ACCOUNT_HANDLER);
    for (const name of ['USAGE_PLAN_BASIC', 'USAGE_PLAN_BOOST', 'USAGE_PLAN_ELITE', 'BUCKET_MEDIA', 'BUCKET_PROFILE_PICTURES', 'USER_POOL_ID', 'STRIPE_SECRET_KEY_ARN']) {
      expect(env).toHaveProperty(name);
    }
  });
});
