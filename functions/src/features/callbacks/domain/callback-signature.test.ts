import { createHmac } from 'node:crypto';
import { newCallbackSecret, signCallback, verifyCallback } from './callback-signature';

const secret = 'whsec_test-secret';
const body = JSON.stringify({ id: 'evt_1_completed', type: 'task.completed' });
const now = 1_760_000_000;

describe('callback signatures', () => {
  it('signs `<t>.<raw body>` with HMAC-SHA256 under the secret', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(signCallback(secret, body, now)).toBe(`t=${now},v1=${expected}`);
    // Bytes and text of the same body sign alike, and fractions of a second are dropped.
    expect(signCallback(secret, Buffer.from(body), now + 0.7)).toBe(`t=${now},v1=${expected}`);
  });

  it('accepts its own signature within the tolerance', () => {
    const header = signCallback(secret, body, now);
    expect(verifyCallback(secret, header, body, { nowSeconds: now })).toBe(true);
    expect(verifyCallback(secret, header, Buffer.from(body), { nowSeconds: now + 299 })).toBe(true);
    expect(verifyCallback(secret, header, body, { nowSeconds: now - 299 })).toBe(true);
  });

  it('rejects a tampered body', () => {
    const header = signCallback(secret, body, now);
    expect(verifyCallback(secret, header, body.replace('completed', 'failed'), { nowSeconds: now })).toBe(false);
    expect(verifyCallback(secret, header, `${body} `, { nowSeconds: now })).toBe(false);
  });

  it('rejects a signature made with another secret', () => {
    const header = signCallback('whsec_other', body, now);
    expect(verifyCallback(secret, header, body, { nowSeconds: now })).toBe(false);
  });

  it('rejects a timestamp outside the tolerance, and a changed timestamp', () => {
    const header = signCallback(secret, body, now);
    expect(verifyCallback(secret, header, body, { nowSeconds: now + 301 })).toBe(false);
    expect(verifyCallback(secret, header, body, { nowSeconds: now - 301 })).toBe(false);
    expect(verifyCallback(secret, header, body, { nowSeconds: now + 3600, toleranceSeconds: 4000 })).toBe(true);
    // Moving the timestamp forward to pass the check breaks the signature.
    const replayed = header.replace(`t=${now}`, `t=${now + 1000}`);
    expect(verifyCallback(secret, replayed, body, { nowSeconds: now + 1000 })).toBe(false);
  });

  it('accepts any matching v1 among several, and ignores unknown schemes', () => {
    const good = signCallback(secret, body, now).split(',')[1] ?? '';
    const other = signCallback('whsec_old', body, now).split(',')[1] ?? '';
    expect(verifyCallback(secret, `t=${now},${other},${good}`, body, { nowSeconds: now })).toBe(true);
    expect(verifyCallback(secret, `t=${now},v0=abc,${good}`, body, { nowSeconds: now })).toBe(true);
    expect(verifyCallback(secret, `t=${now},${other}`, body, { nowSeconds: now })).toBe(false);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['no timestamp', `v1=${'a'.repeat(64)}`],
    ['no signature', `t=${now}`],
    ['short signature', `t=${now},v1=abcd`],
    ['non-hex signature', `t=${now},v1=${'z'.repeat(64)}`],
    ['non-numeric timestamp', `t=soon,v1=${'a'.repeat(64)}`],
    ['two timestamps', `t=${now},t=${now},v1=${'a'.repeat(64)}`],
    ['a part without =', `t=${now},v1`],
  ])('rejects a malformed header (%s)', (_name, header) => {
    expect(verifyCallback(secret, header, body, { nowSeconds: now })).toBe(false);
  });

  it('makes distinct prefixed secrets of 32 random bytes', () => {
    const a = newCallbackSecret();
    const b = newCallbackSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});
