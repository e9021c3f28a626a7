import { createRemoteJWKSet, jwtVerify } from 'jose';

/**
 * The Cognito user pool authorizer of API Gateway: an ID token of this pool
 * and client, verified against the pool's JWKS; its claims reach the handler.
 */
export function createIdTokenVerifier(issuer: string, clientId: string) {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  return async (token: string): Promise<Record<string, unknown> | undefined> => {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience: clientId });
      return payload.token_use === 'id' ? (payload as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
}
