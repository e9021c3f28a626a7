/**
 * Sign-in for Node callers (`npm run local:user`, the stack tests) the way
 * Amplify signs in from the browser: USER_SRP_AUTH, then the
 * PASSWORD_VERIFIER challenge. The password never leaves this process, and
 * the local web client, like the AWS one, allows no other password flow.
 */
import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  claimSignature,
  fromHex,
  modPow,
  passwordExponent,
  poolNameOf,
  randomExponent,
  scrambler,
  sessionKey,
  srpTimestamp,
  SRP_G,
  SRP_K,
  SRP_N,
} from './emulators/cognito-srp-math';

/** One sign-in's client side: a fresh secret a, its public A, and the answer to the server's challenge. */
export class SrpClient {
  readonly clientPublic: bigint;

  /** `secret` is drawn at random unless given (a test that replays a known exchange gives it). */
  constructor(
    private readonly userPoolId: string,
    private readonly secret = randomExponent(),
  ) {
    this.clientPublic = modPow(SRP_G, secret, SRP_N);
  }

  /** SRP_A as Amplify sends it: plain hex, no padding. */
  get srpA(): string {
    return this.clientPublic.toString(16);
  }

  /** The ChallengeResponses of PASSWORD_VERIFIER, signed at `at`. */
  answer(password: string, challenge: Record<string, string | undefined>, at = new Date()): Record<string, string> {
    const { SALT: salt, SRP_B: b, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: userId } = challenge;
    if (!salt || !b || !secretBlock || !userId) throw new Error('The PASSWORD_VERIFIER challenge lacks SALT, SRP_B, SECRET_BLOCK or USER_ID_FOR_SRP');
    const serverPublic = fromHex(b);
    if (serverPublic % SRP_N === 0n) throw new Error('The server sent an SRP_B of zero');
    const poolName = poolNameOf(this.userPoolId);
    const u = scrambler(this.clientPublic, serverPublic);
    const x = passwordExponent(poolName, userId, password, fromHex(salt));
    // S = (B - k·g^x)^(a + u·x); modPow brings the possibly negative base back into the group.
    const shared = modPow(serverPublic - SRP_K * modPow(SRP_G, x, SRP_N), this.secret + u * x, SRP_N);
    const timestamp = srpTimestamp(at);
    return {
      USERNAME: userId,
      PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: claimSignature(sessionKey(shared, u), poolName, userId, secretBlock, timestamp),
    };
  }
}

export interface SrpSignInInput {
  userPoolId: string;
  clientId: string;
  username: string;
  password: string;
}

/** Signs in with SRP; the tokens, or Cognito's own error (NotAuthorizedException, UserNotConfirmedException, ...). */
export async function srpSignIn(cognito: CognitoIdentityProviderClient, input: SrpSignInInput): Promise<AuthenticationResultType> {
  const client = new SrpClient(input.userPoolId);
  const started = await cognito.send(
    new InitiateAuthCommand({ ClientId: input.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: input.username, SRP_A: client.srpA } }),
  );
  if (started.ChallengeName !== 'PASSWORD_VERIFIER') throw new Error(`Expected the PASSWORD_VERIFIER challenge, got ${started.ChallengeName ?? 'none'}`);
  const answered = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: input.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: client.answer(input.password, started.ChallengeParameters ?? {}),
      ...(started.Session ? { Session: started.Session } : {}),
    }),
  );
  if (!answered.AuthenticationResult) throw new Error(`Sign-in stopped at the challenge ${answered.ChallengeName ?? 'none'}`);
  return answered.AuthenticationResult;
}
