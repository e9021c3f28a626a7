import { CognitoIdentityProviderClient, GetTokensFromRefreshTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { srpSignIn } from '@frameforge/local-stack/srp-sign-in';
import { testEndpoints } from '../support/endpoints';

const endpoints = testEndpoints();

describe('portal API', () => {
  let client: LocalPortalClient;
  let token = '';

  beforeAll(async () => {
    client = await LocalPortalClient.connect(endpoints);
    const email = `portal-${Date.now()}@example.com`;
    const since = Date.now() - 1000;
    await client.signUp(email, 'secret-pass');
    await client.confirmFromInbox(email, since);
    token = await client.signIn(email, 'secret-pass');
    await client.subscribe(token, 'basic');
  });

  it('refuses requests without a valid session, as the spec words it', async () => {
    const response = await fetch(`${endpoints.portalApi}/api-keys`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'User not authenticated' });
    const forged = await fetch(`${endpoints.portalApi}/api-keys`, { headers: { Authorization: `Bearer ${token}x` } });
    expect(forged.status).toBe(401);
  });

  it('creates keys and lists them newest first, masked', async () => {
    const first = await client.createApiKey(token, 'first');
    const second = await client.createApiKey(token, '  second  ');
    expect(second.apiKey.name).toBe('second');
    const response = await fetch(`${endpoints.portalApi}/api-keys`, { headers: { Authorization: `Bearer ${token}` } });
    const list = (await response.json()) as { keys: { id: string; masked_key: string }[]; active_count: number };
    expect(list.active_count).toBe(2);
    expect(list.keys.map((k) => k.id)).toEqual([second.apiKey.id, first.apiKey.id]);
    expect(JSON.stringify(list)).not.toContain(first.key);
  });

  it('refuses an empty key name with the error text', async () => {
    const response = await fetch(`${endpoints.portalApi}/generate-api-key`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: '   ' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'name is required' });
  });

  it('answers every malformed key request with a 400 that says what is wrong', async () => {
    const post = (body: string) =>
      fetch(`${endpoints.portalApi}/generate-api-key`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
    const cases: [string, string][] = [
      ['{', 'The request body must be JSON.'],
      ['[]', 'The request body must be a JSON object with a name.'],
      ['{"name":5}', 'name must be text'],
      ['{}', 'name is required'],
      [JSON.stringify({ name: 'x'.repeat(101) }), 'name must be at most 100 characters'],
    ];
    for (const [body, error] of cases) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
  });

  it('allows the portal origin by CORS', async () => {
    const preflight = await fetch(`${endpoints.portalApi}/generate-api-key`, { method: 'OPTIONS', headers: { Origin: endpoints.portal } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(endpoints.portal);
  });

  it('refreshes tokens the way Amplify 6 does, and the new ID token works', async () => {
    const cognito = new CognitoIdentityProviderClient({
      region: client.config.region,
      endpoint: client.config.userPoolEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const email = `refresh-${Date.now()}@example.com`;
    const since = Date.now() - 1000;
    await client.signUp(email, 'secret-pass');
    await client.confirmFromInbox(email, since);
    const signedIn = await srpSignIn(cognito, { userPoolId: client.config.userPoolId, clientId: client.config.userPoolClientId, username: email, password: 'secret-pass' });
    const refreshed = await cognito.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: client.config.userPoolClientId,
        RefreshToken: signedIn.RefreshToken,
      }),
    );
    const idToken = refreshed.AuthenticationResult?.IdToken;
    expect(idToken).toBeTruthy();
    const keys = await fetch(`${endpoints.portalApi}/api-keys`, { headers: { Authorization: `Bearer ${idToken}` } });
    expect(keys.status).toBe(200);
  });

  it('answers unknown portal routes with a JSON 404', async () => {
    const response = await fetch(`${endpoints.portalApi}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  it('turns a bad verification link into a sign-in notice, not an error page', async () => {
    const response = await fetch(`${endpoints.portalApi}/auth/confirm?email=nobody@example.com&code=123456`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/\/login\?verify_error=/);
  });
});
