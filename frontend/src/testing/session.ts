import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { acceptRuntimeConfig, getRuntimeConfig } from '../config/runtime-config';
import { configureAmplify } from '../lib/amplify';

/** `/config.json` of a test stack, taken the way the portal takes it at start. */
export function loadTestConfig(): PortalConfig {
  return acceptRuntimeConfig({
    region: 'eu-central-1',
    userPoolId: 'eu-central-1_TestPool1',
    userPoolClientId: 'testclient0000000000000000',
    authFlowType: 'USER_SRP_AUTH',
    portalApiUrl: 'https://portal-api.test/v1',
    productApiUrl: 'https://api.test/v1',
    prices: { basic: 'price_basic_test', boost: 'price_boost_test', elite: 'price_elite_test' },
  });
}

/** Starts the portal's session library as the app does: the config first, then Amplify pointed at its user pool. */
export function startSession(): PortalConfig {
  const config = loadTestConfig();
  configureAmplify(config);
  return config;
}

export interface TestUser {
  userId: string;
  email: string;
}

export const ADA: TestUser = { userId: '3f1c2a4e-8d7b-4c6a-9e5f-0a1b2c3d4e5f', email: 'ada@example.com' };

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${base64url({ alg: 'RS256', kid: 'test' })}.${base64url(claims)}.signature`;

/**
 * A session left in storage by an earlier sign-in, where Amplify keeps it
 * (`CognitoIdentityServiceProvider.<client id>.<username>.*`): the portal reads it as a returning
 * user's, with tokens valid for an hour, so no call to Cognito is needed to use it.
 */
export function storeSignedInSession(user: TestUser = ADA): void {
  const { userPoolClientId: clientId, userPoolId, region } = getRuntimeConfig();
  const now = Math.floor(Date.now() / 1000);
  const common = { sub: user.userId, iss: `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`, iat: now, auth_time: now, exp: now + 3600 };
  const idToken = jwt({ ...common, aud: clientId, token_use: 'id', email: user.email, email_verified: true, 'cognito:username': user.userId });
  const accessToken = jwt({ ...common, client_id: clientId, token_use: 'access', scope: 'aws.cognito.signin.user.admin', username: user.userId });
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  window.localStorage.setItem(`${prefix}.LastAuthUser`, user.userId);
  window.localStorage.setItem(`${prefix}.${user.userId}.idToken`, idToken);
  window.localStorage.setItem(`${prefix}.${user.userId}.accessToken`, accessToken);
  window.localStorage.setItem(`${prefix}.${user.userId}.refreshToken`, 'refresh-token');
  window.localStorage.setItem(`${prefix}.${user.userId}.clockDrift`, '0');
}
