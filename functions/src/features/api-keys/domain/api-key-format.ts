import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ApiKeyMode } from '../../../kernel/contracts/key-modes';

/**
 * Key format: `ff_` + 43 base62 characters (32 random bytes) + a 6-character
 * base62 CRC32 checksum. The fixed prefix and checksum let secret scanners
 * recognise a leaked key, and let us refuse a mistyped key without a lookup.
 * Test keys carry `ff_test_` instead, so a key's mode shows in the key itself.
 */
export const API_KEY_PREFIX = 'ff_';
export const TEST_API_KEY_PREFIX = 'ff_test_';
const BODY_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(`^(?:${TEST_API_KEY_PREFIX}|${API_KEY_PREFIX})[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

function toBase62(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out;
}

function checksum(body: string): string {
  return toBase62(BigInt(crc32(body)), CHECKSUM_LENGTH);
}

const prefixOf = (mode: ApiKeyMode) => (mode === 'test' ? TEST_API_KEY_PREFIX : API_KEY_PREFIX);

export function generateApiKey(mode: ApiKeyMode = 'live'): string {
  const body = toBase62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY_LENGTH);
  return `${prefixOf(mode)}${body}${checksum(body)}`;
}

/** The mode a key's prefix names; says nothing about whether the key is well formed. */
export const apiKeyModeOf = (candidate: string): ApiKeyMode => (candidate.startsWith(TEST_API_KEY_PREFIX) ? 'test' : 'live');

/** Shape and checksum only: says nothing about whether the key exists. */
export function isWellFormedApiKey(candidate: string): boolean {
  if (!KEY_PATTERN.test(candidate)) return false;
  const start = prefixOf(apiKeyModeOf(candidate)).length;
  const body = candidate.slice(start, start + BODY_LENGTH);
  return candidate.endsWith(checksum(body));
}

/** Keys are looked up by this hash only; the key itself is never stored in clear. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The spec's display form: first 8 characters, an ellipsis, the last 4. */
export function maskApiKey(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}
