/**
 * Software-token (TOTP) MFA as Cognito answers it. A user associates an
 * authenticator app (AssociateSoftwareToken: a new secret, with an access
 * token or, while signing in to a pool that requires MFA, a session),
 * confirms it with a code (VerifySoftwareToken) and turns it on
 * (SetUserMFAPreference). From then on a proven password answers with the
 * SOFTWARE_TOKEN_MFA challenge, and only a right code (RFC 6238, see
 * `cognito-totp.ts`) gets the tokens. The secret lives on the user record,
 * so it survives a restart; the challenge's session is sealed as the SRP
 * secret block is, so one from before a restart is refused.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { accessTokenClaims, cognitoError, errors, text, type AwsTargetContext, type PoolService, type Route, type StoredUser } from './cognito-aws-common';
import { matchingStep, newTotpSecret } from './cognito-totp';

/** How long a challenge may be answered: Cognito's default auth session of 3 minutes. */
const AUTH_SESSION_MS = 3 * 60_000;
export const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

/** Issues a signed-in user's tokens as cognito-local's password sign-in does (post authentication trigger, pre token generation, refresh token kept). */
export type IssueTokens = (ctx: unknown, clientId: string, user: StoredUser, clientMetadata: unknown) => Promise<Record<string, unknown>>;

const sessionSchema = z.object({ purpose: z.enum(['mfa', 'setup']), clientId: z.string(), userId: z.string(), issuedAt: z.number() });
type SessionState = z.infer<typeof sessionSchema>;

class SealedSessions {
  private readonly key = randomBytes(32);

  seal(state: SessionState): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  open(session: string): SessionState | null {
    const bytes = Buffer.from(session, 'base64');
    if (bytes.length < 29) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return sessionSchema.parse(JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')));
    } catch {
      return null;
    }
  }
}

const invalidSession = () => cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
const totpOn = (user: StoredUser): boolean => Boolean(user.SoftwareTokenMfaConfiguration?.Verified && user.UserMFASettingList?.includes(SOFTWARE_TOKEN_MFA));

export interface SoftwareTokenMfa {
  /** The challenge a proven password answers with, or null when the user signs in without a second factor. */
  afterPassword(clientId: string, pool: PoolService, user: StoredUser): Record<string, unknown> | null;
  /** RespondToAuthChallenge for the challenges above; null for any other challenge. */
  respond(ctx: unknown, req: Record<string, unknown>): Promise<Record<string, unknown>> | null;
  targets: Record<string, Route>;
}

export function softwareTokenMfa({ services, limits }: AwsTargetContext, issueTokens: IssueTokens): SoftwareTokenMfa {
  const sessions = new SealedSessions();
  const now = () => services.clock.get().getTime();
  const newSession = (purpose: SessionState['purpose'], clientId: string, userId: string) => sessions.seal({ purpose, clientId, userId, issuedAt: now() });

  /** The user a session was issued for, while it lasts. */
  async function sessionUser(ctx: unknown, session: unknown, purpose: SessionState['purpose'], clientId?: string) {
    const state = sessions.open(text(session));
    if (!state || state.purpose !== purpose || (clientId !== undefined && state.clientId !== clientId)) throw invalidSession();
    if (now() - state.issuedAt > AUTH_SESSION_MS) throw invalidSession();
    const pool = await services.cognito.getUserPoolForClientId(ctx, state.clientId);
    const user = await pool.getUserByUsername(ctx, state.userId);
    if (!user || user.Enabled === false) throw invalidSession();
    return { pool, user, state };
  }

  /** The user an access token (or, during a required setup, a session) stands for. */
  async function callingUser(ctx: unknown, req: Record<string, unknown>) {
    if (text(req.AccessToken)) {
      const claims = accessTokenClaims(req.AccessToken);
      const pool = await services.cognito.getUserPoolForClientId(ctx, claims.clientId);
      const user = await pool.getUserByUsername(ctx, claims.username);
      if (!user) throw cognitoError('NotAuthorizedException', 'Access Token has been revoked');
      return { pool, user, session: undefined };
    }
    if (!text(req.Session)) throw errors.invalidParameter('Either AccessToken or Session is required.');
    const { pool, user, state } = await sessionUser(ctx, req.Session, 'setup');
    return { pool, user, session: newSession('setup', state.clientId, state.userId) };
  }

  /** A code checked against the user's secret; the step it matched is remembered, so the same code cannot be used twice. */
  async function useCode(ctx: unknown, pool: PoolService, user: StoredUser, code: string, extra: Partial<StoredUser> = {}): Promise<boolean> {
    const config = user.SoftwareTokenMfaConfiguration;
    if (!config) return false;
    const step = matchingStep(config.Secret, code, now(), config.LastUsedStep);
    if (step === null) return false;
    await pool.saveUser(ctx, { ...user, ...extra, SoftwareTokenMfaConfiguration: { ...config, ...extra.SoftwareTokenMfaConfiguration, LastUsedStep: step } });
    return true;
  }

  async function answerTotp(ctx: unknown, req: Record<string, unknown>) {
    const responses = (req.ChallengeResponses ?? {}) as Record<string, unknown>;
    if (!text(responses.SOFTWARE_TOKEN_MFA_CODE)) throw errors.invalidParameter('Missing required parameter SOFTWARE_TOKEN_MFA_CODE');
    const { pool, user } = await sessionUser(ctx, req.Session, 'mfa', text(req.ClientId));
    if (limits.signInLocked(user.Username)) throw cognitoError('NotAuthorizedException', 'Password attempts exceeded');
    if (!(await useCode(ctx, pool, user, text(responses.SOFTWARE_TOKEN_MFA_CODE)))) {
      limits.signInFailed(user.Username);
      throw errors.codeMismatch();
    }
    limits.signInSucceeded(user.Username);
    const signedIn = (await pool.getUserByUsername(ctx, user.Username)) ?? user;
    return { ChallengeParameters: {}, AuthenticationResult: await issueTokens(ctx, text(req.ClientId), signedIn, req.ClientMetadata) };
  }

  async function answerSetup(ctx: unknown, req: Record<string, unknown>) {
    const { user } = await sessionUser(ctx, req.Session, 'setup', text(req.ClientId));
    if (!totpOn(user)) throw invalidSession();
    return { ChallengeParameters: {}, AuthenticationResult: await issueTokens(ctx, text(req.ClientId), user, req.ClientMetadata) };
  }

  return {
    afterPassword(clientId, pool, user) {
      const configuration = pool.options.MfaConfiguration ?? 'OFF';
      if (configuration === 'OFF') return null;
      if (totpOn(user)) {
        return {
          ChallengeName: SOFTWARE_TOKEN_MFA,
          ChallengeParameters: { USER_ID_FOR_SRP: user.Username },
          Session: newSession('mfa', clientId, user.Username),
        };
      }
      if (configuration !== 'ON') return null;
      return {
        ChallengeName: 'MFA_SETUP',
        ChallengeParameters: { MFAS_CAN_SETUP: JSON.stringify([SOFTWARE_TOKEN_MFA]), USER_ID_FOR_SRP: user.Username },
        Session: newSession('setup', clientId, user.Username),
      };
    },

    respond(ctx, req) {
      if (req.ChallengeName === SOFTWARE_TOKEN_MFA) return answerTotp(ctx, req);
      if (req.ChallengeName === 'MFA_SETUP') return answerSetup(ctx, req);
      return null;
    },

    targets: {
      AssociateSoftwareToken: async (ctx, req) => {
        const { pool, user, session } = await callingUser(ctx, req);
        const secret = newTotpSecret();
        // The new secret replaces the one in use only once a code made with it is verified.
        await pool.saveUser(ctx, { ...user, PendingSoftwareToken: secret });
        return { SecretCode: secret, ...(session ? { Session: session } : {}) };
      },

      VerifySoftwareToken: async (ctx, req) => {
        const code = text(req.UserCode);
        if (!/^\d{6}$/.test(code)) throw errors.invalidParameter("1 validation error detected: Value at 'userCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9]+ and length 6");
        const { pool, user, session } = await callingUser(ctx, req);
        const pending = user.PendingSoftwareToken;
        if (!pending) throw errors.invalidParameter('User has not associated a software token.');
        if (!limits.allows('softwareTokenCode', user.Username)) throw errors.limitExceeded();
        const candidate: StoredUser = { ...user, SoftwareTokenMfaConfiguration: { Secret: pending, Verified: false } };
        const deviceName = text(req.FriendlyDeviceName) || undefined;
        // As on AWS, a verified app is on at once (SetUserMFAPreference then makes it the preferred one).
        const enabledList = [...(user.UserMFASettingList ?? []).filter((method) => method !== SOFTWARE_TOKEN_MFA), SOFTWARE_TOKEN_MFA];
        const verified = { Secret: pending, Verified: true, ...(deviceName ? { FriendlyDeviceName: deviceName } : {}) };
        if (!(await useCode(ctx, pool, candidate, code, { SoftwareTokenMfaConfiguration: verified, PendingSoftwareToken: undefined, UserMFASettingList: enabledList }))) {
          limits.count('softwareTokenCode', user.Username);
          throw cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA mfa');
        }
        return { Status: 'SUCCESS', ...(session ? { Session: session } : {}) };
      },

      SetUserMFAPreference: async (ctx, req) => {
        if (!text(req.AccessToken)) throw errors.invalidParameter('Missing required parameter AccessToken');
        const { pool, user } = await callingUser(ctx, { AccessToken: req.AccessToken });
        const sms = req.SMSMfaSettings as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
        const software = req.SoftwareTokenMfaSettings as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
        if (sms?.Enabled || sms?.PreferredMfa) throw errors.invalidParameter('User does not have delivery config set to turn on SMS_MFA');
        if (!software) return {};
        if ((software.Enabled || software.PreferredMfa) && (pool.options.MfaConfiguration ?? 'OFF') === 'OFF') {
          throw errors.invalidParameter('Software token MFA is not enabled for the user pool.');
        }
        if ((software.Enabled || software.PreferredMfa) && !user.SoftwareTokenMfaConfiguration?.Verified) {
          throw errors.invalidParameter('User has not verified software token mfa');
        }
        const on = Boolean(software.Enabled || software.PreferredMfa);
        const others = (user.UserMFASettingList ?? []).filter((method) => method !== SOFTWARE_TOKEN_MFA);
        const list = on ? [...others, SOFTWARE_TOKEN_MFA] : others;
        const preferred = on && software.PreferredMfa ? SOFTWARE_TOKEN_MFA : user.PreferredMfaSetting === SOFTWARE_TOKEN_MFA && !on ? undefined : user.PreferredMfaSetting;
        await pool.saveUser(ctx, { ...user, UserMFASettingList: list.length ? list : undefined, PreferredMfaSetting: preferred });
        return {};
      },
    },
  };
}
