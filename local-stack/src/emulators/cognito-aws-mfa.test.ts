import { SrpClient } from '../srp-sign-in';
import { AttemptLimits } from './cognito-attempt-limits';
import type { AwsTargetServices, PoolService, Route, StoredUser } from './cognito-aws-common';
import { softwareTokenMfa } from './cognito-aws-mfa';
import { signInTargets } from './cognito-aws-sign-in';
import { totpCode } from './cognito-totp';

// cognito-local loads ES modules jest cannot; its error class is all these targets take from it.
jest.mock('./cognito-local-internals', () => ({
  CognitoError: class CognitoError extends Error {
    constructor(
      readonly code: string,
      message: string,
    ) {
      super(message);
    }
  },
}));

const USER_POOL_ID = 'us-east-1_Pool1234';
const STEP_MS = 30_000;

/** An access token as cognito-local signs it; the targets read its claims only. */
const accessTokenOf = (username: string) => `h.${Buffer.from(JSON.stringify({ client_id: 'web', username })).toString('base64url')}.s`;

/** The targets over an in-memory pool (saved users are kept), a clock the test moves, and stand-ins for cognito-local's own answers. */
function emulator(mfaConfiguration = 'OPTIONAL') {
  let now = Date.parse('2030-01-01T00:00:10Z');
  const users = new Map<string, StoredUser>();
  const pool: PoolService = {
    options: { Id: USER_POOL_ID, UsernameAttributes: ['email'], MfaConfiguration: mfaConfiguration },
    getUserByUsername: async (_ctx, name) => [...users.values()].find((u) => u.Username === name || u.Attributes?.some((a) => a.Name === 'email' && a.Value === name)) ?? null,
    saveUser: async (_ctx, user) => void users.set(user.Username, JSON.parse(JSON.stringify(user)) as StoredUser),
  };
  const services: AwsTargetServices = {
    clock: { get: () => new Date(now) },
    cognito: {
      getUserPoolForClientId: async () => pool,
      getAppClient: async () => ({ ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH'], PreventUserExistenceErrors: 'ENABLED' }),
    },
  };
  const next = (target: string): Route => async () => ({ AuthenticationResult: { IdToken: `from-${target}` } });
  const aws = { services, limits: new AttemptLimits(() => now), next };
  const mfa = softwareTokenMfa(aws, async (_ctx, _clientId, user) => ({ IdToken: `after-mfa-${user.Username}` }));
  const targets = { ...signInTargets(aws, mfa), ...mfa.targets };
  const call = (target: string, req: Record<string, unknown>) => (targets[target] as Route)({}, { ClientId: 'web', ...req });
  const user: StoredUser = { Username: 'sub-ann', UserStatus: 'CONFIRMED', Enabled: true, Password: 'secret-pass', Attributes: [{ Name: 'email', Value: 'ann@example.com' }] };
  users.set(user.Username, user);
  const token = accessTokenOf(user.Username);
  const stored = () => users.get(user.Username) as StoredUser;
  /** Associates an app, verifies it with the current code and turns it on: the secret. */
  const turnOn = async () => {
    const { SecretCode } = (await call('AssociateSoftwareToken', { AccessToken: token })) as { SecretCode: string };
    await call('VerifySoftwareToken', { AccessToken: token, UserCode: totpCode(SecretCode, now), FriendlyDeviceName: 'Phone' });
    await call('SetUserMFAPreference', { AccessToken: token, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
    return SecretCode;
  };
  const passwordSignIn = (password = 'secret-pass') => call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'ann@example.com', PASSWORD: password } });
  const srpSignIn = async () => {
    const client = new SrpClient(USER_POOL_ID);
    const started = await call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'ann@example.com', SRP_A: client.srpA } });
    return call('RespondToAuthChallenge', { ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: client.answer('secret-pass', started.ChallengeParameters as Record<string, string>, new Date(now)) });
  };
  const answer = (session: unknown, code: string) =>
    call('RespondToAuthChallenge', { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session, ChallengeResponses: { USERNAME: 'sub-ann', SOFTWARE_TOKEN_MFA_CODE: code } });
  return { call, token, stored, turnOn, passwordSignIn, srpSignIn, answer, now: () => now, advance: (ms: number) => (now += ms) };
}

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    const e = error as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('The call was expected to be refused');
}

const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

describe('software-token MFA in the emulator', () => {
  it('hands out a base32 secret, turns TOTP on only with a right code, and records it as GetUser reports it', async () => {
    const env = emulator();
    const { SecretCode } = (await env.call('AssociateSoftwareToken', { AccessToken: env.token })) as { SecretCode: string };
    expect(SecretCode).toMatch(/^[A-Z2-7]{52}$/);
    expect(await refusal(env.call('SetUserMFAPreference', { AccessToken: env.token, SoftwareTokenMfaSettings: { Enabled: true } }))).toMatchObject({ code: 'InvalidParameterException' });
    expect(await refusal(env.call('VerifySoftwareToken', { AccessToken: env.token, UserCode: wrongCode(totpCode(SecretCode, env.now())) }))).toMatchObject({ code: 'EnableSoftwareTokenMFAException' });
    expect(await env.call('VerifySoftwareToken', { AccessToken: env.token, UserCode: totpCode(SecretCode, env.now()) })).toEqual({ Status: 'SUCCESS' });
    await env.call('SetUserMFAPreference', { AccessToken: env.token, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
    expect(env.stored()).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA', SoftwareTokenMfaConfiguration: { Secret: SecretCode, Verified: true } });
    expect(env.stored().PendingSoftwareToken).toBeUndefined();
  });

  it('signs in without a challenge until TOTP is on', async () => {
    const env = emulator();
    expect(await env.passwordSignIn()).toEqual({ AuthenticationResult: { IdToken: 'from-InitiateAuth' } });
  });

  it.each(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH'])('answers %s with SOFTWARE_TOKEN_MFA once TOTP is on, and issues tokens for the right code', async (flow) => {
    const env = emulator();
    const secret = await env.turnOn();
    env.advance(STEP_MS);
    const challenge = flow === 'USER_SRP_AUTH' ? await env.srpSignIn() : await env.passwordSignIn();
    expect(challenge).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: { USER_ID_FOR_SRP: 'sub-ann' }, Session: expect.any(String) });
    expect(challenge.AuthenticationResult).toBeUndefined();
    const right = totpCode(secret, env.now());
    expect(await refusal(env.answer(challenge.Session, wrongCode(right)))).toEqual({ code: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' });
    expect(await env.answer(challenge.Session, right)).toEqual({ ChallengeParameters: {}, AuthenticationResult: { IdToken: 'after-mfa-sub-ann' } });
  });

  it('accepts the code of the step before or after, and refuses a code once used', async () => {
    const env = emulator();
    const secret = await env.turnOn();
    env.advance(2 * STEP_MS);
    const { Session } = await env.passwordSignIn();
    await env.answer(Session, totpCode(secret, env.now() - STEP_MS));
    expect(await refusal(env.answer(Session, totpCode(secret, env.now() - STEP_MS)))).toMatchObject({ code: 'CodeMismatchException' });
    expect(await refusal(env.answer(Session, totpCode(secret, env.now() - 2 * STEP_MS)))).toMatchObject({ code: 'CodeMismatchException' });
    expect(await env.answer(Session, totpCode(secret, env.now() + STEP_MS))).toHaveProperty('AuthenticationResult');
  });

  it('refuses a session that expired, was altered or is for another client', async () => {
    const env = emulator();
    const secret = await env.turnOn();
    env.advance(STEP_MS);
    const { Session } = await env.passwordSignIn();
    const expired = { code: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' };
    expect(await refusal(env.answer(`${String(Session).slice(0, -4)}AAAA`, totpCode(secret, env.now())))).toEqual(expired);
    expect(await refusal(env.call('RespondToAuthChallenge', { ClientId: 'other', ChallengeName: 'SOFTWARE_TOKEN_MFA', Session, ChallengeResponses: { SOFTWARE_TOKEN_MFA_CODE: totpCode(secret, env.now()) } }))).toEqual(expired);
    env.advance(3 * 60_000 + 1);
    expect(await refusal(env.answer(Session, totpCode(secret, env.now())))).toEqual(expired);
  });

  it('counts wrong codes as failed sign-ins: the fifth locks the user out, even with the right code', async () => {
    const env = emulator();
    const secret = await env.turnOn();
    env.advance(STEP_MS);
    const { Session } = await env.passwordSignIn();
    const right = totpCode(secret, env.now());
    for (let i = 0; i < 5; i += 1) expect(await refusal(env.answer(Session, wrongCode(right)))).toMatchObject({ code: 'CodeMismatchException' });
    expect(await refusal(env.answer(Session, right))).toEqual({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' });
  });

  it('limits wrong codes confirming an app to five an hour', async () => {
    const env = emulator();
    const { SecretCode } = (await env.call('AssociateSoftwareToken', { AccessToken: env.token })) as { SecretCode: string };
    const right = totpCode(SecretCode, env.now());
    for (let i = 0; i < 5; i += 1) await refusal(env.call('VerifySoftwareToken', { AccessToken: env.token, UserCode: wrongCode(right) }));
    expect(await refusal(env.call('VerifySoftwareToken', { AccessToken: env.token, UserCode: right }))).toMatchObject({ code: 'LimitExceededException' });
  });

  it('signs in with the password alone once TOTP is turned off, and keeps its secret when a new association is not verified', async () => {
    const env = emulator();
    const secret = await env.turnOn();
    await env.call('AssociateSoftwareToken', { AccessToken: env.token });
    expect(env.stored().SoftwareTokenMfaConfiguration?.Secret).toBe(secret);
    await env.call('SetUserMFAPreference', { AccessToken: env.token, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } });
    expect(env.stored().UserMFASettingList).toBeUndefined();
    expect(env.stored().PreferredMfaSetting).toBeUndefined();
    expect(await env.passwordSignIn()).toEqual({ AuthenticationResult: { IdToken: 'from-InitiateAuth' } });
  });

  it('refuses SMS, and TOTP in a pool with MFA off', async () => {
    const env = emulator('OFF');
    expect(await refusal(env.call('SetUserMFAPreference', { AccessToken: env.token, SMSMfaSettings: { Enabled: true } }))).toMatchObject({ code: 'InvalidParameterException' });
    expect(await refusal(env.call('SetUserMFAPreference', { AccessToken: env.token, SoftwareTokenMfaSettings: { Enabled: true } }))).toMatchObject({ code: 'InvalidParameterException' });
  });

  it('sets an app up during sign-in with sessions when the pool requires MFA', async () => {
    const env = emulator('ON');
    const started = await env.passwordSignIn();
    expect(started).toMatchObject({ ChallengeName: 'MFA_SETUP', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    const associated = (await env.call('AssociateSoftwareToken', { Session: started.Session })) as { SecretCode: string; Session: string };
    const verified = await env.call('VerifySoftwareToken', { Session: associated.Session, UserCode: totpCode(associated.SecretCode, env.now()) });
    expect(verified).toMatchObject({ Status: 'SUCCESS', Session: expect.any(String) });
    // Verifying an app during a required setup turns it on.
    expect(await env.call('RespondToAuthChallenge', { ChallengeName: 'MFA_SETUP', Session: verified.Session, ChallengeResponses: { USERNAME: 'sub-ann' } })).toHaveProperty('AuthenticationResult');
  });
});
