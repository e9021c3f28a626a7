import { apiKeyModeOf, generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey } from './api-key-format';

describe('api key format', () => {
  it('generates prefixed base62 keys that pass their own checksum', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^ff_[0-9A-Za-z]{49}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('still accepts a key issued before the checksum came from zlib (same CRC-32, same digits)', () => {
    expect(isWellFormedApiKey('ff_MGBKiWvp1lhnBfcRHWtTsvqvGYzAFVFIaooRI3hfXyH1j8GiG')).toBe(true);
  });

  it('generates test keys under ff_test_ that pass the same checksum and name their mode', () => {
    const key = generateApiKey('test');
    expect(key).toMatch(/^ff_test_[0-9A-Za-z]{49}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(apiKeyModeOf(key)).toBe('test');
    expect(apiKeyModeOf(generateApiKey())).toBe('live');
  });

  it('refuses a test key with a changed body or a cut-off checksum', () => {
    const key = generateApiKey('test');
    const i = 12;
    expect(isWellFormedApiKey(key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1))).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
  });

  it('generates a different key each time', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
  });

  it('rejects a key with one character changed', () => {
    const key = generateApiKey();
    const i = 10;
    const swapped = key[i] === 'a' ? 'b' : 'a';
    expect(isWellFormedApiKey(key.slice(0, i) + swapped + key.slice(i + 1))).toBe(false);
  });

  it('rejects other shapes', () => {
    expect(isWellFormedApiKey('')).toBe(false);
    expect(isWellFormedApiKey('sk_live_123')).toBe(false);
    expect(isWellFormedApiKey(`${generateApiKey()}x`)).toBe(false);
  });

  it('masks as first 8, ellipsis, last 4', () => {
    const key = generateApiKey();
    expect(maskApiKey(key)).toBe(`${key.slice(0, 8)}…${key.slice(-4)}`);
  });

  it('hashes with sha-256 hex', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
