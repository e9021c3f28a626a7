/**
 * The server's half of Cognito's SRP sign-in. Cognito stores a verifier per
 * user; the emulator stores the password, so it derives the verifier at each
 * sign-in from a fresh salt. What the server must remember between
 * InitiateAuth and RespondToAuthChallenge travels, as on AWS, inside the
 * SECRET_BLOCK the client echoes back: sealed here with AES-256-GCM under a
 * key that lives as long as the emulator, so a client can neither read nor
 * alter it, and a block from before a restart is simply refused.
 */
import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import {
  claimSignature,
  fromHex,
  modPow,
  passwordExponent,
  randomExponent,
  scrambler,
  sessionKey,
  SRP_G,
  SRP_K,
  SRP_N,
  verifierOf,
} from './cognito-srp-math';

/** What the server keeps of one sign-in between its two calls. Hex numbers, as they go over the wire. */
const challengeStateSchema = z.object({
  clientId: z.string(),
  userId: z.string(),
  salt: z.string(),
  clientPublic: z.string(),
  serverSecret: z.string(),
  serverPublic: z.string(),
  issuedAt: z.number(),
});
export type SrpChallengeState = z.infer<typeof challengeStateSchema>;

export class SecretBlocks {
  private readonly key = randomBytes(32);

  seal(state: SrpChallengeState): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The state sealed in a block, or null for anything this emulator did not seal (or that was altered). */
  open(block: string): SrpChallengeState | null {
    const bytes = Buffer.from(block, 'base64');
    if (bytes.length < 29) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      return challengeStateSchema.parse(JSON.parse(plain));
    } catch {
      return null;
    }
  }
}

/** The client's A, refused (null) when it is not a number or a multiple of N, as SRP-6a requires. */
export function parseClientPublic(hex: string): bigint | null {
  try {
    const value = fromHex(hex);
    return value % SRP_N === 0n ? null : value;
  } catch {
    return null;
  }
}

export interface ServerChallenge {
  salt: bigint;
  serverSecret: bigint;
  serverPublic: bigint;
}

/**
 * A fresh salt and B = k·v + g^b. Without a password (no such user, existence
 * hidden) the verifier is random: the answer looks the same and no password
 * can ever match it.
 */
export function serverChallenge(poolName: string, userId: string, password: string | undefined): ServerChallenge {
  const salt = BigInt(`0x${randomBytes(16).toString('hex')}`);
  const verifier = password === undefined ? modPow(SRP_G, randomExponent(), SRP_N) : verifierOf(passwordExponent(poolName, userId, password, salt));
  for (;;) {
    const serverSecret = randomExponent();
    const serverPublic = (SRP_K * verifier + modPow(SRP_G, serverSecret, SRP_N)) % SRP_N;
    if (serverPublic !== 0n) return { salt, serverSecret, serverPublic };
  }
}

export interface PasswordClaim {
  poolName: string;
  password: string;
  state: SrpChallengeState;
  secretBlock: string;
  timestamp: string;
  signature: string;
}

/** Whether the client proved it knows the password: S = (A·v^u)^b gives the same key and so the same signature. */
export function passwordClaimHolds(claim: PasswordClaim): boolean {
  const { state } = claim;
  const clientPublic = fromHex(state.clientPublic);
  const u = scrambler(clientPublic, fromHex(state.serverPublic));
  const verifier = verifierOf(passwordExponent(claim.poolName, state.userId, claim.password, fromHex(state.salt)));
  const shared = modPow((clientPublic * modPow(verifier, u, SRP_N)) % SRP_N, fromHex(state.serverSecret), SRP_N);
  const expected = Buffer.from(claimSignature(sessionKey(shared, u), claim.poolName, state.userId, claim.secretBlock, claim.timestamp), 'base64');
  const given = Buffer.from(claim.signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
