import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text; the modulo bias is irrelevant for identifiers that only need to be unique. */
export function randomToken(length: number): string {
  let token = '';
  for (const byte of randomBytes(length)) token += ALPHABET.charAt(byte % ALPHABET.length);
  return token;
}

/** A Stripe-looking id: the object's prefix and a random tail (`cus_…`, `sub_…`, `cs_test_…`). */
export const newId = (prefix: string, length = 24): string => `${prefix}_${randomToken(length)}`;
