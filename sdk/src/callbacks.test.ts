import { createHmac } from 'node:crypto';
import { verifyCallback } from './callbacks';
import { SignatureVerificationError } from './errors';

const secret = 'whsec_local';
const body = JSON.stringify({ id: 'evt_t1_completed', type: 'task.completed', data: { id: 't1', status: 'completed' } });
const now = 1_800_000_000;
const sign = (payload: string, t = now, key = secret) => `t=${t},v1=${createHmac('sha256', key).update(`${t}.${payload}`).digest('hex')}`;

describe('callbacks.verify', () => {
  it('accepts the signature the API makes (HMAC-SHA256 of "<t>.<raw body>") and answers the event', async () => {
    await expect(verifyCallback(sign(body), body, secret, { now })).resolves.toMatchObject({ type: 'task.completed', data: { id: 't1' } });
    await expect(verifyCallback(sign(body), new TextEncoder().encode(body), secret, { now: now + 299 })).resolves.toMatchObject({ id: 'evt_t1_completed' });
    // A Node Buffer, as express.raw() hands the body over.
    await expect(verifyCallback(sign(body), Buffer.from(body), secret, { now })).resolves.toMatchObject({ id: 'evt_t1_completed' });
  });

  it('accepts any of several v1 signatures, as during a secret rotation', async () => {
    const header = `${sign(body, now, 'old')},v1=${sign(body).split('v1=')[1] ?? ''}`;
    await expect(verifyCallback(header, body, secret, { now })).resolves.toMatchObject({ type: 'task.completed' });
  });

  it.each([
    ['another body', sign(body), body.replace('completed"', 'failed"'), secret, now],
    ['another secret', sign(body), body, 'whsec_other', now],
    ['an old signature', sign(body), body, secret, now + 301],
    ['a malformed header', 'v1=abc', body, secret, now],
    ['no header', undefined, body, secret, now],
  ])('refuses %s', async (_what, header, payload, key, at) => {
    await expect(verifyCallback(header, payload, key, { now: at })).rejects.toBeInstanceOf(SignatureVerificationError);
  });
});
