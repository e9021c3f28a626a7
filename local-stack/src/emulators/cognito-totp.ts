/**
 * Time-based one-time passwords as Cognito's software-token MFA uses them
 * (RFC 6238 over RFC 4226): SHA-1, 6 digits, a 30 s step, the secret shared
 * as unpadded base32. A code is accepted in the step it was made for and the
 * steps either side, for clocks a little apart.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 secret; spaces, dashes, padding and case are ignored as authenticator apps ignore them. Null when not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret as Cognito hands it out: 32 random bytes in base32 (52 characters). */
export const newTotpSecret = (): string => base32Encode(randomBytes(32));

/** RFC 4226 HOTP of a counter, with the given hash (RFC 6238's vectors use SHA-1, SHA-256 and SHA-512). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The step a moment falls in. */
export const totpStep = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** The code of a base32 secret for a moment (now unless told). */
export function totpCode(secret: string, nowMs: number = Date.now()): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('The secret is not base32.');
  return hotp(key, totpStep(nowMs));
}

/**
 * The step a code matches, within the window around the moment given, or
 * null. Only steps after `usedStep` count: a code once accepted is refused
 * if offered again, as a second use of it would be a replay.
 */
export function matchingStep(secret: string, code: string, nowMs: number, usedStep = -1): number | null {
  const key = base32Decode(secret);
  if (!key || !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const current = totpStep(nowMs);
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    if (step <= usedStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}
