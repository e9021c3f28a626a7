import { base32Decode, base32Encode, hotp, matchingStep, newTotpSecret, totpCode, totpStep } from './cognito-totp';

// RFC 6238 appendix B: the SHA-1 key is the ASCII "12345678901234567890", 8-digit codes.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('matches the RFC 6238 SHA-1 vector at T=%i', (seconds, code) => {
    expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(code);
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it('reads the secret in base32, as authenticator apps do', () => {
    const secret = base32Encode(RFC_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(RFC_KEY);
    expect(base32Decode('not base32!')).toBeNull();
    // The 6-digit code is the last six digits of the 8-digit one.
    expect(totpCode(secret, 59_000)).toBe('287082');
  });

  it('hands out 52-character secrets that differ', () => {
    const [a, b] = [newTotpSecret(), newTotpSecret()];
    expect(a).toMatch(/^[A-Z2-7]{52}$/);
    expect(a).not.toBe(b);
  });

  it('accepts the code of the current step and of one step either side, and no further', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1_111_111_111_000;
    const step = totpStep(now);
    const at = (offset: number) => totpCode(secret, now + offset * 30_000);
    expect(matchingStep(secret, at(0), now)).toBe(step);
    expect(matchingStep(secret, at(-1), now)).toBe(step - 1);
    expect(matchingStep(secret, at(1), now)).toBe(step + 1);
    expect(matchingStep(secret, at(-2), now)).toBeNull();
    expect(matchingStep(secret, at(2), now)).toBeNull();
    expect(matchingStep(secret, '12345', now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('refuses a code of a step already used', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1_234_567_890_000;
    const step = totpStep(now);
    expect(matchingStep(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(matchingStep(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
  });
});
