import { RateLimiter, type RateWindow, type RateWindowStore } from '../../limits/rate-limit';
import { RateLimitedError, ValidationError } from '../../domain/errors';
import { portalErrorResponse, productErrorResponse } from '../errors';
import { type RateLimitRun, runRateLimit } from './rate-limit-test-support';

/** A key whose window of 3 is spent, 40 s before it ends. */
const spent: RateWindowStore = {
  take: () => Promise.resolve<RateWindow>({ allowed: false, limit: 3, remaining: 0, resetSeconds: 40 }),
  peek: () => Promise.resolve<RateWindow>({ allowed: false, limit: 3, remaining: 0, resetSeconds: 40 }),
  giveBack: () => Promise.resolve(false),
};

const answer = (options: Omit<RateLimitRun, 'limiter'>) => runRateLimit({ limiter: new RateLimiter(spent), ...options });

describe('Retry-After', () => {
  it('comes with the 429 of a spent window: the rest of the window, as RateLimit says', async () => {
    const refused = await answer({ counted: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({ 'Retry-After': '40', RateLimit: '"minute";r=0;t=40' });
  });

  it('never comes with a 400, even once the window is spent', async () => {
    const invalid = await answer({ counted: true, failsBefore: new ValidationError('start must be a number.', { param: 'start' }) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers).toMatchObject({ RateLimit: '"minute";r=0;t=40' });
    expect(invalid.headers).not.toHaveProperty('Retry-After');
  });

  it("leaves a task read's own polling hint alone while the window is spent", async () => {
    const read = await answer({ counted: false, handler: { statusCode: 200, headers: { 'Retry-After': '2' }, body: '{}' } });
    expect(read.statusCode).toBe(200);
    expect(read.headers).toMatchObject({ 'Retry-After': '2' });
    const finished = await answer({ counted: false, handler: { statusCode: 200, body: '{}' } });
    expect(finished.headers).not.toHaveProperty('Retry-After');
  });

  it('is added by the one error mapping to every RateLimitedError, in whole seconds, and to nothing else', () => {
    expect(productErrorResponse(new RateLimitedError('limit', 12)).headers).toMatchObject({ 'Retry-After': '12' });
    expect(portalErrorResponse(new RateLimitedError('limit', 0.2)).headers).toMatchObject({ 'Retry-After': '1' });
    expect(productErrorResponse(new ValidationError('bad')).headers).not.toHaveProperty('Retry-After');
  });
});
