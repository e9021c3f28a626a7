/**
 * The arithmetic of Cognito's SRP-6a sign-in, shared by the emulator (the
 * server side) and the Node client the tests and `local:user` sign in with.
 * Every value is hashed exactly as Amplify's client hashes it: integers as
 * the bytes of Java's BigInteger.toByteArray() (see `paddedHex`), strings as
 * UTF-8, digests as SHA-256. One byte off anywhere and the signatures of a
 * real browser would never match, which is what the unit tests guard.
 */
import { constants, createHash, createHmac, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';

/** RFC 5054's 3072-bit group, the one Cognito uses. */
export const SRP_N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const SRP_G = 2n;

/**
 * A non-negative integer as an even-length hex string with a leading 00 when
 * its top bit is set: the sign byte Java's BigInteger adds, which Cognito
 * hashes and so every client must too.
 */
export function paddedHex(value: bigint): string {
  if (value < 0n) throw new RangeError('SRP values are never negative');
  const hex = value.toString(16);
  const even = hex.length % 2 === 0 ? hex : `0${hex}`;
  return /^[89a-f]/.test(even) ? `00${even}` : even;
}

export const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** SHA-256 of the bytes a hex string spells, as an integer. */
const hashOfHex = (hex: string): bigint => BigInt(`0x${sha256Hex(Buffer.from(hex, 'hex'))}`);

export function fromHex(hex: string): bigint {
  if (!/^[0-9a-f]+$/i.test(hex)) throw new RangeError('not a hex number');
  return BigInt(`0x${hex}`);
}

/** An integer as big-endian bytes, as JWK's base64url fields spell it. */
const base64urlOf = (value: bigint): string => {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex').toString('base64url');
};
const N_BASE64URL = base64urlOf(SRP_N);
const N_BYTES = 384;

/**
 * `base ^ exponent mod modulus`. In SRP's group it is OpenSSL's work,
 * through raw RSA: encrypting m without padding under the public key (N, e)
 * is exactly m^e mod N, and OpenSSL takes any e for a 3072-bit N. The same
 * power in BigInt steps took about 70 ms where this takes about 5, on each
 * side of every sign-in, and sign-ins are much of what the test stacks do.
 */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  const reduced = ((base % modulus) + modulus) % modulus;
  if (modulus === SRP_N && exponent > 0n && reduced > 1n) {
    const key = createPublicKey({ key: { kty: 'RSA', n: N_BASE64URL, e: base64urlOf(exponent) }, format: 'jwk' });
    const message = Buffer.from(reduced.toString(16).padStart(N_BYTES * 2, '0'), 'hex');
    return BigInt(`0x${publicEncrypt({ key, padding: constants.RSA_NO_PADDING }, message).toString('hex')}`);
  }
  let result = 1n;
  let square = reduced;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

/** SRP-6a's multiplier k = H(N | PAD(g)). */
export const SRP_K = hashOfHex(paddedHex(SRP_N) + paddedHex(SRP_G));

/** A secret exponent (a or b): 128 random bytes, as Amplify draws its own. */
export const randomExponent = (): bigint => BigInt(`0x${randomBytes(128).toString('hex')}`);

/** The pool's name as SRP hashes it: the part of the pool id after the region. */
export const poolNameOf = (userPoolId: string): string => userPoolId.split('_')[1] ?? '';

/** x = H(PAD(salt) | H(poolName | userId | ":" | password)). */
export function passwordExponent(poolName: string, userId: string, password: string, salt: bigint): bigint {
  return hashOfHex(paddedHex(salt) + sha256Hex(`${poolName}${userId}:${password}`));
}

/** v = g^x: what Cognito stores instead of the password. */
export const verifierOf = (x: bigint): bigint => modPow(SRP_G, x, SRP_N);

/** u = H(PAD(A) | PAD(B)), which binds both public values into the key. */
export const scrambler = (clientPublic: bigint, serverPublic: bigint): bigint => hashOfHex(paddedHex(clientPublic) + paddedHex(serverPublic));

/** The 16-byte key both sides derive from the shared secret S: HKDF-SHA256, salted with u, info "Caldera Derived Key" 0x01. */
export function sessionKey(sharedSecret: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(paddedHex(u), 'hex')).update(Buffer.from(paddedHex(sharedSecret), 'hex')).digest();
  return createHmac('sha256', prk).update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])])).digest().subarray(0, 16);
}

/** PASSWORD_CLAIM_SIGNATURE: base64 HMAC-SHA256 of poolName | userId | secret block bytes | timestamp, keyed with the session key. */
export function claimSignature(key: Buffer, poolName: string, userId: string, secretBlock: string, timestamp: string): string {
  return createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(poolName, 'utf8'), Buffer.from(userId, 'utf8'), Buffer.from(secretBlock, 'base64'), Buffer.from(timestamp, 'utf8')]))
    .digest('base64');
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

/** TIMESTAMP as Cognito expects it, "Tue Mar 3 09:05:07 UTC 2026": the day of the month is not padded. */
export function srpTimestamp(at: Date): string {
  const time = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
  return `${WEEKDAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()} ${time} UTC ${at.getUTCFullYear()}`;
}

export const SRP_TIMESTAMP_PATTERN = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) \d\d:\d\d:\d\d UTC \d{4}$/;
