import { createHash, randomBytes } from 'node:crypto';
import { claimSignature, modPow, paddedHex, passwordExponent, poolNameOf, sessionKey, SRP_G, SRP_K, SRP_N, SRP_TIMESTAMP_PATTERN, srpTimestamp } from './cognito-srp-math';

describe("the SRP arithmetic, byte for byte as Cognito's clients do it", () => {
  it("pads integers as Java's BigInteger.toByteArray does: even length, a 00 sign byte before a set top bit", () => {
    expect(paddedHex(20n)).toBe('14');
    expect(paddedHex(56n)).toBe('38');
    expect(paddedHex(200n)).toBe('00c8');
    expect(paddedHex(236n)).toBe('00ec');
    expect(paddedHex(0x1abcn)).toBe('1abc');
    expect(paddedHex(0xabcn)).toBe('0abc');
    expect(paddedHex(SRP_G)).toBe('02');
    // N's top bit is set, so it is hashed with a sign byte: 385 bytes, not 384.
    expect(paddedHex(SRP_N)).toHaveLength(770);
    expect(() => paddedHex(-1n)).toThrow(RangeError);
  });

  it('derives k = H(N | PAD(g)) from the padded bytes', () => {
    const expected = createHash('sha256').update(Buffer.from(`00${SRP_N.toString(16)}02`, 'hex')).digest('hex');
    expect(SRP_K).toBe(BigInt(`0x${expected}`));
  });

  it('computes modular powers', () => {
    expect(modPow(3n, 200n, 1000n)).toBe(3n ** 200n % 1000n);
    expect(modPow(-5n, 3n, 7n)).toBe(1n); // (-125) mod 7, brought into the group
    expect(modPow(SRP_G, 0n, SRP_N)).toBe(1n);
  });

  it("computes SRP's powers natively, with the same results as step by step", () => {
    const stepByStep = (base: bigint, exponent: bigint) => {
      let result = 1n;
      let square = base % SRP_N;
      for (let rest = exponent; rest > 0n; rest >>= 1n) {
        if (rest & 1n) result = (result * square) % SRP_N;
        square = (square * square) % SRP_N;
      }
      return result;
    };
    const random = (bytes: number) => BigInt(`0x${randomBytes(bytes).toString('hex')}`);
    // A secret exponent, a hash-sized one, a tiny one; a base near N and the generator; results with leading zero bytes included by chance.
    for (const [base, exponent] of [[SRP_G, random(128)], [random(384), random(32)], [SRP_N - 2n, 3n], [random(200), 1n], [SRP_G, 1n]] as const) {
      expect(modPow(base, exponent, SRP_N)).toBe(stepByStep(base, exponent));
    }
    // The bases taken step by step (0 and 1), N - 1 and a base past N come out right too.
    expect(modPow(0n, 5n, SRP_N)).toBe(0n);
    expect(modPow(1n, 5n, SRP_N)).toBe(1n);
    expect(modPow(SRP_N - 1n, 3n, SRP_N)).toBe(SRP_N - 1n);
    expect(modPow(SRP_N + 2n, 10n, SRP_N)).toBe(1024n);
  });

  it('hashes the password with the pool name (without the region) and the user id, then with the padded salt', () => {
    expect(poolNameOf('us-east-1_AbCdEf12')).toBe('AbCdEf12');
    const inner = createHash('sha256').update('AbCdEf12user-1:pa ss').digest('hex');
    const outer = createHash('sha256').update(Buffer.from(`00ff${inner}`, 'hex')).digest('hex');
    expect(passwordExponent('AbCdEf12', 'user-1', 'pa ss', 0xffn)).toBe(BigInt(`0x${outer}`));
  });

  it('derives a 16-byte key and signs pool name, user id, secret block bytes and timestamp with it', () => {
    const key = sessionKey(123456789n, 987654321n);
    expect(key).toHaveLength(16);
    expect(sessionKey(123456789n, 987654321n)).toEqual(key);
    expect(sessionKey(123456789n, 987654322n)).not.toEqual(key);
    const signature = claimSignature(key, 'pool', 'user', Buffer.from('block').toString('base64'), 'Tue Mar 3 09:05:07 UTC 2026');
    expect(Buffer.from(signature, 'base64')).toHaveLength(32);
    expect(claimSignature(key, 'pool', 'user', Buffer.from('block!').toString('base64'), 'Tue Mar 3 09:05:07 UTC 2026')).not.toBe(signature);
  });

  it('writes the timestamp as "ddd MMM D HH:mm:ss UTC YYYY", the day unpadded', () => {
    expect(srpTimestamp(new Date('2026-03-03T09:05:07Z'))).toBe('Tue Mar 3 09:05:07 UTC 2026');
    expect(srpTimestamp(new Date('2026-12-31T23:59:59Z'))).toBe('Thu Dec 31 23:59:59 UTC 2026');
    expect(SRP_TIMESTAMP_PATTERN.test('Tue Mar 3 09:05:07 UTC 2026')).toBe(true);
    expect(SRP_TIMESTAMP_PATTERN.test('Tue Mar 03 09:05:07 UTC 2026')).toBe(false);
    expect(SRP_TIMESTAMP_PATTERN.test('2026-03-03T09:05:07Z')).toBe(false);
  });
});
