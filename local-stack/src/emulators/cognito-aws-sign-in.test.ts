import { SrpClient } from '../srp-sign-in';
import { AttemptLimits } from './cognito-attempt-limits';
import type { AwsTargetServices, PoolService, Route, StoredUser } from './cognito-aws-common';
import { signInTargets } from './cognito-aws-sign-in';

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
const SRP_ONLY = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];

interface Setup {
  flows?: string[];
  hideExistence?: boolean;
}

/** The targets over an in-memory pool, a clock the test moves, and a stand-in for cognito-local's own password sign-in. */
function emulator({ flows = SRP_ONLY, hideExistence = true }: Setup = {}) {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const users: StoredUser[] = [];
  const pool: PoolService = {
    options: { Id: USER_POOL_ID, UsernameAttributes: ['email'] },
    getUserByUsername: async (_ctx, name) => users.find((u) => u.Username === name || u.Attributes?.some((a) => a.Name === 'email' && a.Value === name)) ?? null,
    saveUser: async () => undefined,
  };
  const services: AwsTargetServices = {
    clock: { get: () => new Date(now) },
    cognito: {
      getUserPoolForClientId: async () => pool,
      getAppClient: async () => ({ ExplicitAuthFlows: flows, PreventUserExistenceErrors: hideExistence ? 'ENABLED' : 'LEGACY' }),
    },
  };
  const issued: Record<string, unknown>[] = [];
  const next = (target: string): Route => async (_ctx, req) => {
    issued.push({ target, ...req });
    return { AuthenticationResult: { IdToken: `id-token-of-${String((req.AuthParameters as Record<string, string> | undefined)?.USERNAME)}` } };
  };
  const targets = signInTargets({ services, limits: new AttemptLimits(() => now), next });
  const call = (target: 'InitiateAuth' | 'RespondToAuthChallenge', req: Record<string, unknown>) => (targets[target] as Route)({}, { ClientId: 'web', ...req });
  const addUser = (email: string, password: string, status = 'CONFIRMED') => {
    const user = { Username: `sub-of-${email}`, UserStatus: status, Enabled: true, Password: password, Attributes: [{ Name: 'email', Value: email }] };
    users.push(user);
    return user;
  };
  /** USER_SRP_AUTH then PASSWORD_VERIFIER, as Amplify makes them. */
  const srpSignIn = async (email: string, password: string) => {
    const client = new SrpClient(USER_POOL_ID);
    const started = await call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: email, SRP_A: client.srpA } });
    const parameters = started.ChallengeParameters as Record<string, string>;
    return call('RespondToAuthChallenge', { ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: client.answer(password, parameters, new Date(now)) });
  };
  return { call, addUser, srpSignIn, issued, advance: (ms: number) => (now += ms), now: () => new Date(now) };
}

/** The Cognito error a call was refused with. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    const e = error as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('The call was expected to be refused');
}

const incorrect = { code: 'NotAuthorizedException', message: 'Incorrect username or password.' };

describe('USER_SRP_AUTH in the emulator', () => {
  it("challenges with PASSWORD_VERIFIER and the user's internal name, then signs in through cognito-local's password sign-in", async () => {
    const env = emulator();
    const user = env.addUser('ann@example.com', 'secret-pass');
    const client = new SrpClient(USER_POOL_ID);
    const started = await env.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'ann@example.com', SRP_A: client.srpA } });
    expect(started.ChallengeName).toBe('PASSWORD_VERIFIER');
    const parameters = started.ChallengeParameters as Record<string, string>;
    expect(Object.keys(parameters).sort()).toEqual(['SALT', 'SECRET_BLOCK', 'SRP_B', 'USERNAME', 'USER_ID_FOR_SRP']);
    expect(parameters).toMatchObject({ USER_ID_FOR_SRP: user.Username, USERNAME: user.Username });
    const done = await env.call('RespondToAuthChallenge', { ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: client.answer('secret-pass', parameters, env.now()) });
    expect(done).toEqual({ AuthenticationResult: { IdToken: `id-token-of-${user.Username}` } });
    expect(env.issued).toEqual([{ target: 'InitiateAuth', AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'web', AuthParameters: { USERNAME: user.Username, PASSWORD: 'secret-pass' } }]);
  });

  it('refuses a wrong password, and an unknown address (existence hidden) the same way after a challenge that looks alike', async () => {
    const env = emulator();
    env.addUser('ann@example.com', 'secret-pass');
    expect(await refusal(env.srpSignIn('ann@example.com', 'wrong-pass'))).toEqual(incorrect);
    const client = new SrpClient(USER_POOL_ID);
    const started = await env.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'nobody@example.com', SRP_A: client.srpA } });
    expect(started.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(await refusal(env.srpSignIn('nobody@example.com', 'secret-pass'))).toEqual(incorrect);
    expect(env.issued).toEqual([]);
  });

  it('names an unknown user where the client does not hide existence', async () => {
    const env = emulator({ hideExistence: false });
    expect(await refusal(env.srpSignIn('nobody@example.com', 'secret-pass'))).toEqual({ code: 'UserNotFoundException', message: 'User does not exist.' });
  });

  it('tells an unconfirmed user with the right password to confirm, and one with a wrong password nothing more', async () => {
    const env = emulator();
    env.addUser('new@example.com', 'secret-pass', 'UNCONFIRMED');
    expect(await refusal(env.srpSignIn('new@example.com', 'secret-pass'))).toEqual({ code: 'UserNotConfirmedException', message: 'User is not confirmed.' });
    expect(await refusal(env.srpSignIn('new@example.com', 'wrong-pass'))).toEqual(incorrect);
    expect(env.issued).toEqual([]);
  });

  it('counts wrong SRP claims toward the lockout, which then refuses even the right password', async () => {
    const env = emulator();
    env.addUser('ann@example.com', 'secret-pass');
    for (let i = 0; i < 5; i += 1) expect(await refusal(env.srpSignIn('ann@example.com', `wrong-${i}`))).toEqual(incorrect);
    expect(await refusal(env.srpSignIn('ann@example.com', 'secret-pass'))).toEqual({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    env.advance(1001);
    await expect(env.srpSignIn('ann@example.com', 'secret-pass')).resolves.toHaveProperty('AuthenticationResult');
  });

  it('refuses a secret block that was altered, answered for another client, or older than the 3-minute session', async () => {
    const env = emulator();
    env.addUser('ann@example.com', 'secret-pass');
    const client = new SrpClient(USER_POOL_ID);
    const started = await env.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'ann@example.com', SRP_A: client.srpA } });
    const parameters = started.ChallengeParameters as Record<string, string>;
    const answer = (block: string) => client.answer('secret-pass', { ...parameters, SECRET_BLOCK: block }, env.now());
    const altered = Buffer.from(parameters.SECRET_BLOCK ?? '', 'base64');
    altered[20] = (altered[20] ?? 0) ^ 1;
    expect(await refusal(env.call('RespondToAuthChallenge', { ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: answer(altered.toString('base64')) }))).toEqual(incorrect);
    const responses = answer(parameters.SECRET_BLOCK ?? '');
    expect(await refusal(env.call('RespondToAuthChallenge', { ClientId: 'other', ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: responses }))).toEqual(incorrect);
    env.advance(3 * 60_000 + 1);
    expect(await refusal(env.call('RespondToAuthChallenge', { ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: responses }))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('asks for missing parameters by name, and refuses an A of zero', async () => {
    const env = emulator();
    expect(await refusal(env.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'ann@example.com' } }))).toEqual({
      code: 'InvalidParameterException',
      message: 'Missing required parameter SRP_A',
    });
    expect(await refusal(env.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'ann@example.com', SRP_A: '0' } }))).toMatchObject({ code: 'InvalidParameterException' });
    expect(await refusal(env.call('RespondToAuthChallenge', { ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: { USERNAME: 'x' } }))).toEqual({
      code: 'InvalidParameterException',
      message: 'Missing required parameter PASSWORD_CLAIM_SIGNATURE',
    });
  });
});

describe('auth flows the app client does not enable', () => {
  it('refuses USER_PASSWORD_AUTH on an SRP-only client as Cognito does, before reading any user', async () => {
    const env = emulator();
    env.addUser('ann@example.com', 'secret-pass');
    expect(await refusal(env.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'ann@example.com', PASSWORD: 'secret-pass' } }))).toEqual({
      code: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    });
    expect(env.issued).toEqual([]);
  });

  it('refuses SRP where only the password flow is enabled, and checks that flow as the SRP one', async () => {
    const env = emulator({ flows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] });
    env.addUser('ann@example.com', 'secret-pass');
    expect(await refusal(env.srpSignIn('ann@example.com', 'secret-pass'))).toEqual({ code: 'InvalidParameterException', message: 'USER_SRP_AUTH flow not enabled for this client' });
    const password = (value: string) => env.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'ann@example.com', PASSWORD: value } });
    expect(await refusal(password('wrong-pass'))).toEqual(incorrect);
    await expect(password('secret-pass')).resolves.toHaveProperty('AuthenticationResult');
  });

  it('passes refresh through to cognito-local where the client enables it', async () => {
    const env = emulator();
    await env.call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'r' } });
    expect(env.issued).toEqual([{ target: 'InitiateAuth', ClientId: 'web', AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'r' } }]);
  });
});
