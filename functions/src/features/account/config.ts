import * as z from 'zod';

/** The variables of the account room: the user pool its users sign in to. */
export const accountConfigFields = {
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Token issuer; its JWKS is at `${COGNITO_ISSUER}/.well-known/jwks.json`. */
  COGNITO_ISSUER: z.string().url(),
};
