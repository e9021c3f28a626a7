/**
 * Sign-in as Cognito answers it. A flow the app client does not enable is
 * refused, as AWS refuses it, so the local web client (SRP only, like the
 * AWS one) cannot fall back to sending the password. USER_SRP_AUTH answers
 * with the PASSWORD_VERIFIER challenge, and the verified claim is turned into
 * tokens by cognito-local's own password sign-in, so its triggers (post
 * authentication, pre token generation) and its tokens are the ones a
 * password sign-in gets. Wrong passwords answer alike in both flows and feed
 * the same lockout. A user with an authenticator app turned on is then
 * challenged for its code (`cognito-aws-mfa.ts`) before any token is issued.
 */
import { errors, hidesExistence, text, cognitoError, type AwsTargetContext, type Route, type StoredUser } from './cognito-aws-common';
import type { SoftwareTokenMfa } from './cognito-aws-mfa';
import { parseClientPublic, passwordClaimHolds, SecretBlocks, serverChallenge } from './cognito-srp';
import { poolNameOf, SRP_TIMESTAMP_PATTERN } from './cognito-srp-math';

/** How long a PASSWORD_VERIFIER challenge may be answered: Cognito's default auth session of 3 minutes. */
const AUTH_SESSION_MS = 3 * 60_000;

const FLOW_PERMISSION: Readonly<Record<string, string>> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_AUTH: 'ALLOW_USER_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
};
/** What Cognito enables on a client created without ExplicitAuthFlows. */
const DEFAULT_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];

function requireParameters(parameters: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    if (!text(parameters[name])) throw errors.invalidParameter(`Missing required parameter ${name}`);
  }
}

/** Without a second factor: a proven password always gets the tokens. */
const NO_MFA: Pick<SoftwareTokenMfa, 'afterPassword' | 'respond'> = { afterPassword: () => null, respond: () => null };

export function signInTargets({ services, limits, next }: AwsTargetContext, mfa: Pick<SoftwareTokenMfa, 'afterPassword' | 'respond'> = NO_MFA): Record<string, Route> {
  const blocks = new SecretBlocks();

  async function requireFlowEnabled(ctx: unknown, clientId: string, flow: string): Promise<void> {
    const client = await services.cognito.getAppClient(ctx, clientId);
    const permission = FLOW_PERMISSION[flow];
    // An unknown client or flow is cognito-local's to refuse, with its own errors.
    if (!client || !permission) return;
    const enabled = client.ExplicitAuthFlows?.length ? client.ExplicitAuthFlows : DEFAULT_FLOWS;
    if (!enabled.includes(permission)) throw errors.invalidParameter(`${flow} flow not enabled for this client`);
  }

  /** The user signing in, or null for an unknown one whose existence the client hides. */
  async function signInUser(ctx: unknown, clientId: string, username: string) {
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!user && !(await hidesExistence(services, ctx, clientId))) throw cognitoError('UserNotFoundException', 'User does not exist.');
    if (user?.Enabled === false) throw cognitoError('NotAuthorizedException', 'User is disabled.');
    return { pool, user };
  }

  /** A password tried (in either flow): locked out, wrong (counted) or right (the run of failures forgotten). */
  function checkPassword(user: StoredUser, holds: (password: string) => boolean): void {
    if (limits.signInLocked(user.Username)) throw cognitoError('NotAuthorizedException', 'Password attempts exceeded');
    if (user.Password === undefined || !holds(user.Password)) {
      limits.signInFailed(user.Username);
      throw errors.incorrectCredentials();
    }
    limits.signInSucceeded(user.Username);
  }

  async function passwordSignIn(ctx: unknown, req: Record<string, unknown>, parameters: Record<string, unknown>) {
    requireParameters(parameters, ['USERNAME', 'PASSWORD']);
    const { pool, user } = await signInUser(ctx, text(req.ClientId), text(parameters.USERNAME));
    if (!user) throw errors.incorrectCredentials();
    checkPassword(user, (password) => password === parameters.PASSWORD);
    return mfa.afterPassword(text(req.ClientId), pool, user) ?? next('InitiateAuth')(ctx, req);
  }

  async function srpChallenge(ctx: unknown, clientId: string, parameters: Record<string, unknown>) {
    requireParameters(parameters, ['USERNAME', 'SRP_A']);
    const clientPublic = parseClientPublic(text(parameters.SRP_A));
    if (clientPublic === null) throw errors.invalidParameter('SRP_A is not a valid SRP value.');
    const username = text(parameters.USERNAME);
    const { pool, user } = await signInUser(ctx, clientId, username);
    // An unknown user, existence hidden, gets a challenge no password can answer.
    const userId = user?.Username ?? username;
    const challenge = serverChallenge(poolNameOf(pool.options.Id), userId, user?.Password);
    const secretBlock = blocks.seal({
      clientId,
      userId,
      salt: challenge.salt.toString(16),
      clientPublic: clientPublic.toString(16),
      serverSecret: challenge.serverSecret.toString(16),
      serverPublic: challenge.serverPublic.toString(16),
      issuedAt: services.clock.get().getTime(),
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: challenge.salt.toString(16),
        SRP_B: challenge.serverPublic.toString(16),
        SECRET_BLOCK: secretBlock,
        USER_ID_FOR_SRP: userId,
        USERNAME: userId,
      },
    };
  }

  async function passwordVerifier(ctx: unknown, req: Record<string, unknown>) {
    const responses = (req.ChallengeResponses ?? {}) as Record<string, unknown>;
    requireParameters(responses, ['PASSWORD_CLAIM_SIGNATURE', 'PASSWORD_CLAIM_SECRET_BLOCK', 'TIMESTAMP', 'USERNAME']);
    const timestamp = text(responses.TIMESTAMP);
    if (!SRP_TIMESTAMP_PATTERN.test(timestamp)) throw errors.invalidParameter('TIMESTAMP is not in the form "EEE MMM d HH:mm:ss z yyyy".');
    const clientId = text(req.ClientId);
    const secretBlock = text(responses.PASSWORD_CLAIM_SECRET_BLOCK);
    const state = blocks.open(secretBlock);
    if (!state || state.clientId !== clientId) throw errors.incorrectCredentials();
    if (services.clock.get().getTime() - state.issuedAt > AUTH_SESSION_MS) throw cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, text(responses.USERNAME));
    if (!user || user.Username !== state.userId) throw errors.incorrectCredentials();
    if (user.Enabled === false) throw cognitoError('NotAuthorizedException', 'User is disabled.');
    const poolName = poolNameOf(pool.options.Id);
    const signature = text(responses.PASSWORD_CLAIM_SIGNATURE);
    checkPassword(user, (password) => passwordClaimHolds({ poolName, password, state, secretBlock, timestamp, signature }));
    if (user.UserStatus === 'UNCONFIRMED') throw cognitoError('UserNotConfirmedException', 'User is not confirmed.');
    const challenge = mfa.afterPassword(clientId, pool, user);
    if (challenge) return challenge;
    // The claim is proven: cognito-local's password sign-in issues the tokens and runs the triggers.
    return next('InitiateAuth')(ctx, {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
    });
  }

  return {
    InitiateAuth: async (ctx, req) => {
      const flow = text(req.AuthFlow);
      const clientId = text(req.ClientId);
      await requireFlowEnabled(ctx, clientId, flow);
      const parameters = (req.AuthParameters ?? {}) as Record<string, unknown>;
      if (flow === 'USER_SRP_AUTH') return srpChallenge(ctx, clientId, parameters);
      if (flow === 'USER_PASSWORD_AUTH') return passwordSignIn(ctx, req, parameters);
      return next('InitiateAuth')(ctx, req);
    },

    RespondToAuthChallenge: async (ctx, req) => {
      if (req.ChallengeName === 'PASSWORD_VERIFIER') return passwordVerifier(ctx, req);
      return mfa.respond(ctx, req) ?? next('RespondToAuthChallenge')(ctx, req);
    },
  };
}
