import { Match, type Template } from 'aws-cdk-lib/assertions';
import { routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { STRIPE_WEBHOOK_HANDLER } from '@frameforge/infra/lib/constructs/route-access';
import { synthTemplate } from './support/synth-stack';
import { environmentOf, logicalIdOf, methodOf, permissionsOf, render } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

/** Portal functions that call Stripe for the user (checkout, billing portal), as their routes declare. */
const stripeCallers = routes.filter((r) => r.api === 'portal' && r.access.includes('subscriptions:write') && r.handler !== STRIPE_WEBHOOK_HANDLER).map((r) => r.handler);
const otherPortalHandlers = routes.filter((r) => r.api === 'portal' && !r.access.includes('stripe:api-key')).map((r) => r.handler);
const productHandlers = routes.filter((r) => r.api === 'product').map((r) => r.handler);
const authorizer = standaloneFunctions.apiKeyAuthorizer;
/** Logical id of the table a function's `TABLE_*` variable names. */
const tableId = (envVar: string): string => render(environmentOf(template, STRIPE_WEBHOOK_HANDLER)[envVar]).slice(1, -1);
const tableArn = (envVar: string): string => `{${tableId(envVar)}.Arn}`;

describe('billing tables', () => {
  const hash = (name: string) => [{ AttributeName: name, KeyType: 'HASH' }];
  it.each([
    ['TABLE_STRIPE_CUSTOMERS', 'userId', [{ IndexName: 'by-customer', KeySchema: hash('customerId') }], undefined],
    ['TABLE_STRIPE_SUBSCRIPTIONS', 'customerId', [{ IndexName: 'by-user', KeySchema: hash('userId') }], undefined],
    ['TABLE_USER_SUBSCRIPTIONS', 'userId', undefined, undefined],
    ['TABLE_USER_ROLES', 'userId', undefined, undefined],
    ['TABLE_WEBHOOK_EVENTS', 'eventId', undefined, 'expiresAt'],
  ])('%s: key %s, indexes and TTL', (envVar, partitionKey, indexes, ttl) => {
    const table = template.toJSON().Resources[tableId(envVar)];
    expect(table).toMatchObject({ Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Retain' });
    expect(table.Properties.KeySchema).toEqual(hash(partitionKey));
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      indexes?.map((index) => ({ ...index, Projection: { ProjectionType: 'ALL' } })),
    );
    expect(table.Properties.TimeToLiveSpecification).toEqual(ttl ? { AttributeName: ttl, Enabled: true } : undefined);
  });
});

describe('billing routes', () => {
  const cognitoAuthorizer = () =>
    logicalIdOf(template, 'AWS::ApiGateway::Authorizer', (p) => p.Type === 'COGNITO_USER_POOLS');
  const requestAuthorizer = () => logicalIdOf(template, 'AWS::ApiGateway::Authorizer', (p) => p.Type === 'REQUEST');

  it.each([
    ['GET', '/subscription'],
    ['POST', '/stripe-checkout'],
    ['POST', '/create-portal-session'],
    ['GET', '/invoices'],
  ])('portal %s %s needs a Cognito token', (method, path) => {
    const props = methodOf(template, 'portal', method, path);
    expect(props.AuthorizationType).toBe('COGNITO_USER_POOLS');
    expect(render(props.AuthorizerId)).toBe(`{${cognitoAuthorizer()}}`);
  });

  it('lets Stripe call POST /stripe/webhook without an authorizer, into the webhook function', () => {
    const props = methodOf(template, 'portal', 'POST', '/stripe/webhook');
    expect(props.AuthorizationType).toBe('NONE');
    expect(props.AuthorizerId).toBeUndefined();
    expect(render((props.Integration as { Uri: unknown }).Uri)).toContain('FunctionsBillingStripeWebhookFunction');
  });

  it('authorizes product GET /account with the API key authorizer', () => {
    const props = methodOf(template, 'product', 'GET', '/account');
    expect(props.AuthorizationType).toBe('CUSTOM');
    expect(render(props.AuthorizerId)).toBe(`{${requestAuthorizer()}}`);
  });

  it('outputs the webhook URL to register with Stripe', () => {
    const portalApi = logicalIdOf(template, 'AWS::ApiGateway::RestApi', (p) => p.Name === 'portal');
    const outputs = template.toJSON().Outputs;
    expect(render(outputs.StripeWebhookUrl.Value)).toBe(
      `https://{${portalApi}}.execute-api.eu-west-1.{AWS::URLSuffix}/prod/stripe/webhook`,
    );
  });
});

describe('Stripe secrets', () => {
  const secretId = (description: RegExp) =>
    logicalIdOf(template, 'AWS::SecretsManager::Secret', (p) => description.test(String(p.Description)));
  const secretKey = () => secretId(/Stripe secret key/);
  const webhookSecret = () => secretId(/signing secret/);
  const read = (id: string) => `secretsmanager:GetSecretValue {${id}}`;

  it('declares both secrets for the operator to fill in, and outputs their ARNs', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 2);
    template.allResourcesProperties('AWS::SecretsManager::Secret', {
      Description: Match.stringLikeRegexp('put the real one after deploy'),
    });
    const outputs = template.toJSON().Outputs;
    expect(render(outputs.StripeSecretKeyArn.Value)).toBe(`{${secretKey()}}`);
    expect(render(outputs.StripeWebhookSecretArn.Value)).toBe(`{${webhookSecret()}}`);
    expect(outputs.StripeSecretKeyArn.Description).toMatch(/after deploy/);
  });

  it('passes each ARN only to the functions that read that secret', () => {
    for (const handler of [...routes.map((r) => r.handler), authorizer]) {
      const env = environmentOf(template, handler);
      const access = routes.find((r) => r.handler === handler)?.access ?? [];
      const shown = (value: unknown) => (value === undefined ? 'unset' : render(value));
      expect([handler, shown(env.STRIPE_SECRET_KEY_ARN)]).toEqual([handler, access.includes('stripe:api-key') ? `{${secretKey()}}` : 'unset']);
      expect([handler, shown(env.STRIPE_WEBHOOK_SECRET_ARN)]).toEqual([handler, access.includes('stripe:webhook-secret') ? `{${webhookSecret()}}` : 'unset']);
    }
  });

  it('lets the webhook read both secrets', () => {
    expect(permissionsOf(template, STRIPE_WEBHOOK_HANDLER)).toEqual(
      expect.arrayContaining([read(secretKey()), read(webhookSecret())]),
    );
  });

  it('lets the portal functions that call Stripe read the secret key only, and the others no secret', () => {
    expect(stripeCallers).toEqual(['portal/stripe-checkout', 'portal/create-portal-session']);
    for (const handler of stripeCallers) {
      const permissions = permissionsOf(template, handler);
      expect(permissions).toContain(read(secretKey()));
      expect(permissions).not.toContain(read(webhookSecret()));
    }
    // The invoice list reads Stripe with the secret key and writes nothing.
    const invoices = permissionsOf(template, 'portal/list-invoices');
    expect(invoices).toContain(read(secretKey()));
    expect(invoices).not.toContain(read(webhookSecret()));
    expect(invoices.filter((p) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(p))).toEqual([]);
    expect(otherPortalHandlers.length).toBeGreaterThanOrEqual(15);
    for (const handler of otherPortalHandlers) {
      expect(permissionsOf(template, handler).filter((p) => p.startsWith('secretsmanager:'))).toEqual([]);
    }
  });

  it('lets no product function, authorizer or trigger read any secret', () => {
    for (const handler of [...productHandlers, authorizer, standaloneFunctions.customMessage]) {
      expect(permissionsOf(template, handler).filter((p) => p.startsWith('secretsmanager:'))).toEqual([]);
    }
  });
});

describe('billing table grants', () => {
  const write = (envVar: string) => `dynamodb:PutItem ${tableArn(envVar)}`;
  const get = (envVar: string) => `dynamodb:GetItem ${tableArn(envVar)}`;
  const subscriptionTables = ['TABLE_STRIPE_CUSTOMERS', 'TABLE_STRIPE_SUBSCRIPTIONS', 'TABLE_USER_SUBSCRIPTIONS'];

  it('webhook: writes billing records and processed events, reads API keys', () => {
    const permissions = permissionsOf(template, STRIPE_WEBHOOK_HANDLER);
    expect(permissions).toEqual(expect.arrayContaining([...subscriptionTables, 'TABLE_WEBHOOK_EVENTS'].map(write)));
    expect(permissions).toContain(get('TABLE_API_KEYS'));
    expect(permissions).not.toContain(write('TABLE_API_KEYS'));
    expect(permissions.filter((p) => p.startsWith('kms:'))).toEqual([]);
  });

  it('checkout and billing portal: write billing records, read user roles', () => {
    for (const handler of stripeCallers) {
      const permissions = permissionsOf(template, handler);
      expect(permissions).toEqual(expect.arrayContaining([...subscriptionTables.map(write), get('TABLE_USER_ROLES')]));
      expect(permissions).not.toContain(write('TABLE_USER_ROLES'));
      expect(permissions).not.toContain(get('TABLE_WEBHOOK_EVENTS'));
    }
  });

  it('authorizer: reads the tier records without writing them', () => {
    const permissions = permissionsOf(template, authorizer);
    const tierTables = [...subscriptionTables, 'TABLE_USER_ROLES'];
    expect(permissions).toEqual(expect.arrayContaining(tierTables.map(get)));
    for (const envVar of tierTables) expect(permissions).not.toContain(write(envVar));
  });
});
