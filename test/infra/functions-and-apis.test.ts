import { Match, type Template } from 'aws-cdk-lib/assertions';
import { tables } from '@frameforge/functions/kernel/contracts/resources';
import { variablesOf } from '@frameforge/functions/kernel/http/function-access';
import { accessOf, routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { THROTTLE_RETRY_AFTER_SECONDS, TIER_THROTTLES } from '@frameforge/functions/kernel/contracts/usage-plans';
import { handlerFunctionsOf, resourcesOf, synthTemplate, type Resource } from './support/synth-stack';
import { environmentOf } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

const resources = (type: string) => resourcesOf(template, type);
const handlerFunctions = () => handlerFunctionsOf(template);

describe('functions', () => {
  it('has one function per route plus the standalone functions', () => {
    expect(handlerFunctions()).toHaveLength(routes.length + Object.keys(standaloneFunctions).length);
  });

  it('gives each API function the variables of its capabilities only, and the triggers only what they use, never the pool', () => {
    let triggers = 0;
    for (const fn of handlerFunctions()) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      // No map ships in the zip unless the context asks, and Node is asked to apply maps only then.
      expect(variables.NODE_OPTIONS).toBeUndefined();
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.LoggingConfig).toEqual({ LogGroup: expect.anything(), LogFormat: 'JSON' });
      if (!('USER_POOL_CLIENT_ID' in variables)) {
        // The Cognito triggers name no identity they could not know (the pool refers to them). CustomMessage:
        // the links only; pre token generation: the links, the tables and the sender of the e-mail-change notice.
        triggers += 1;
        const customMessage = ['PORTAL_API_URL', 'PORTAL_URL'];
        const preTokenGeneration = [...Object.values(tables).map((t) => t.envVar), 'EMAIL_FROM', 'PORTAL_API_URL', 'PORTAL_URL'].sort();
        expect([customMessage, preTokenGeneration]).toContainEqual(Object.keys(variables).sort());
        continue;
      }
    }
    expect(triggers).toBe(2);
    // An API function is given exactly the variables its capabilities read (`variablesOf`), and no others.
    for (const handler of [...new Set(routes.map((r) => r.handler)), standaloneFunctions.apiKeyAuthorizer]) {
      expect([handler, Object.keys(environmentOf(template, handler)).sort()]).toEqual([handler, [...variablesOf(accessOf(handler))].sort()]);
    }
    // The task reads are given no queue, Stripe, sealing or pool names.
    expect(Object.keys(environmentOf(template, 'product/get-task')).sort()).toEqual(
      ['PORTAL_API_URL', 'PORTAL_URL', 'TABLE_API_KEYS', 'TABLE_API_LOGS', 'TABLE_JOBS', 'TABLE_USAGE_COUNTERS', 'USER_POOL_CLIENT_ID'],
    );
  });

  it('applies the route timeout and memory', () => {
    for (const route of routes.filter((r) => r.timeoutSeconds || r.memoryMb)) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        ...(route.timeoutSeconds ? { Timeout: route.timeoutSeconds } : {}),
        ...(route.memoryMb ? { MemorySize: route.memoryMb } : {}),
      });
    }
  });

  it('keeps logs for one month', () => {
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });
});

describe('APIs', () => {
  const apiIdOf = (name: string): string => {
    const entry = Object.entries(template.findResources('AWS::ApiGateway::RestApi')).find(
      ([, r]) => (r as Resource).Properties.Name === name,
    );
    if (!entry) throw new Error(`no RestApi ${name}`);
    return entry[0];
  };

  it('has the portal and product APIs, uploads arriving as binary', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: 'portal' });
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      Name: 'product',
      BinaryMediaTypes: ['multipart/form-data', '*/*'],
    });
  });

  it('has one method per route, authorized as the route table says', () => {
    const methods = resources('AWS::ApiGateway::Method').filter((m) => !['OPTIONS', 'ANY'].includes(m.Properties.HttpMethod as string));
    expect(methods).toHaveLength(routes.length);
    const byAuth = (type: string) => methods.filter((m) => m.Properties.AuthorizationType === type).length;
    expect(byAuth('COGNITO_USER_POOLS')).toBe(routes.filter((r) => r.auth === 'cognito').length);
    expect(byAuth('CUSTOM')).toBe(routes.filter((r) => r.auth === 'api-key').length);
    expect(byAuth('NONE')).toBe(routes.filter((r) => r.auth === 'none').length);
  });

  it('answers a wrong method on each product path with a 405 naming the methods it takes, from a mock', () => {
    const any = resources('AWS::ApiGateway::Method').filter((m) => m.Properties.HttpMethod === 'ANY');
    const paths = new Map<string, string[]>();
    for (const route of routes.filter((r) => r.api === 'product')) paths.set(route.path, [...(paths.get(route.path) ?? []), route.method]);
    expect(any).toHaveLength(paths.size);
    const allows = any.map((m) => {
      const integration = m.Properties.Integration as { Type: string; IntegrationResponses: { StatusCode: string; ResponseParameters: Record<string, string> }[] };
      expect(m.Properties.RestApiId).toEqual({ Ref: apiIdOf('product') });
      expect(integration.Type).toBe('MOCK');
      expect(integration.IntegrationResponses.map((r) => r.StatusCode)).toEqual(['405']);
      return integration.IntegrationResponses[0]?.ResponseParameters['method.response.header.Allow'];
    });
    expect(allows.sort()).toEqual([...paths.values()].map((methods) => `'${methods.join(', ')}'`).sort());
  });

  it('authorizes product routes with the API key authorizer, cached 60 s', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.X-API-Key',
      AuthorizerResultTtlInSeconds: 60,
      RestApiId: { Ref: apiIdOf('product') },
      AuthorizerUri: Match.anyValue(),
    });
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      RestApiId: { Ref: apiIdOf('portal') },
    });
  });

  it('has four usage plans, one per tier and one for test keys, as ceilings above the exact per-key limits our code counts', () => {
    template.resourceCountIs('AWS::ApiGateway::UsagePlan', 4);
    expect(TIER_THROTTLES.map((p) => p.tier)).toEqual(['basic', 'boost', 'elite']);
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'frameforge-test',
      Throttle: { RateLimit: 2, BurstLimit: 20 },
      ApiStages: [Match.objectLike({ ApiId: { Ref: apiIdOf('product') } })],
    });
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'frameforge-basic',
      Throttle: { RateLimit: 5, BurstLimit: 60 },
      ApiStages: [Match.objectLike({ ApiId: { Ref: apiIdOf('product') } })],
    });
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'frameforge-boost',
      Throttle: { RateLimit: 10, BurstLimit: 100 },
    });
  });

  it('answers timeouts and integration failures with the product JSON', () => {
    for (const [type, status] of [['INTEGRATION_TIMEOUT', '504'], ['INTEGRATION_FAILURE', '502']]) {
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', { ResponseType: type, StatusCode: status, RestApiId: { Ref: apiIdOf('product') } });
    }
  });

  it('answers gateway errors with JSON bodies', () => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'UNAUTHORIZED',
      StatusCode: '401',
      RestApiId: { Ref: apiIdOf('product') },
      ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"code":"unauthorized"') },
    });
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'THROTTLED',
      StatusCode: '429',
      ResponseParameters: Match.objectLike({ 'gatewayresponse.header.Retry-After': `'${THROTTLE_RETRY_AFTER_SECONDS}'` }),
    });
    for (const response of resources('AWS::ApiGateway::GatewayResponse')) {
      const body = (response.Properties.ResponseTemplates as Record<string, string>)['application/json'];
      expect(body).toMatch(/^\{"error":/);
    }
  });
});

describe('grants of the logs, keys and settings data', () => {
  /** Actions each role may take on one table (its logical id starts with `prefix`). */
  const actionsOn = (prefix: string): Map<string, Set<string>> => {
    const byRole = new Map<string, Set<string>>();
    // Large role policies overflow into managed policies: both count.
    const policies = [...Object.values(template.findResources('AWS::IAM::Policy')), ...Object.values(template.findResources('AWS::IAM::ManagedPolicy'))];
    for (const policy of policies) {
      const props = policy.Properties as { Roles?: { Ref: string }[]; PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } };
      for (const statement of props.PolicyDocument.Statement) {
        if (!JSON.stringify(statement.Resource).includes(prefix)) continue;
        for (const role of props.Roles ?? []) {
          const set = byRole.get(role.Ref) ?? new Set<string>();
          for (const action of [statement.Action].flat()) set.add(action);
          byRole.set(role.Ref, set);
        }
      }
    }
    return byRole;
  };

  it('lets product functions only write request logs, and portal functions only read them', () => {
    const roles = actionsOn('Dataapilogs');
    const product = [...roles].filter(([role]) => role.startsWith('FunctionsProductCut'));
    const portal = [...roles].filter(([role]) => role.startsWith('FunctionsPortalListApiLogs'));
    expect(product.length).toBeGreaterThan(0);
    expect(portal.length).toBeGreaterThan(0);
    for (const [, actions] of product) {
      expect(actions.has('dynamodb:PutItem')).toBe(true);
      expect(actions.has('dynamodb:Query')).toBe(false);
    }
    for (const [, actions] of portal) {
      expect(actions.has('dynamodb:Query')).toBe(true);
      expect(actions.has('dynamodb:PutItem')).toBe(false);
    }
  });

  it('keeps profiles to the portal (read-write) and the product functions and worker (read only)', () => {
    const roles = actionsOn('Datauserprofiles');
    for (const [role, actions] of roles) {
      const writes = actions.has('dynamodb:PutItem') || actions.has('dynamodb:UpdateItem');
      if (role.startsWith('FunctionsProduct') || role.startsWith('WorkerTask')) expect(writes).toBe(false);
    }
    expect([...roles.keys()].some((role) => role.startsWith('FunctionsPortalUpdatePreferences'))).toBe(true);
  });
});
