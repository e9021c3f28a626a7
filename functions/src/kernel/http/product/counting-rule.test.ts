import { RateLimiter, type RateWindow, type RateWindowStore } from '../../limits/rate-limit';
import { ConflictError, ValidationError } from '../../domain/errors';
import { runRateLimit, type RateLimitRun } from './rate-limit-test-support';

/** One window of 3 per key, counted in memory the way the table counts it: taken places, given back ones. */
function windowOfThree() {
  let used = 0;
  const opened = 1_000;
  const standing = (): RateWindow => ({ allowed: used <= 3, limit: 3, remaining: Math.max(0, 3 - used), resetSeconds: 60, openedAtMs: opened });
  const store: RateWindowStore = {
    take: () => {
      if (used >= 3) return Promise.resolve({ ...standing(), allowed: false });
      used += 1;
      return Promise.resolve(standing());
    },
    peek: () => Promise.resolve(standing()),
    giveBack: (_id, openedAtMs) => {
      if (openedAtMs !== opened || used === 0) return Promise.resolve(false);
      used -= 1;
      return Promise.resolve(true);
    },
  };
  return { limiter: new RateLimiter(store), used: () => used };
}

describe('the counting rule of the processing endpoints', () => {
  const run = (limiter: RateLimiter, options: Omit<RateLimitRun, 'limiter' | 'counted'>) => runRateLimit({ limiter, counted: true, ...options });

  it('counts a request that makes its task, and says so in RateLimit', async () => {
    const window = windowOfThree();
    const answer = await run(window.limiter, { makesTask: true });
    expect(window.used()).toBe(1);
    expect(answer.headers).toMatchObject({ RateLimit: '"minute";r=2;t=60' });
  });

  it.each([
    ['an address refused after validation', new ValidationError('url points to a private address.', { param: 'url' })],
    ['a conflict', new ConflictError('The task has already ended.')],
    ['a failure of ours', new Error('queue unreachable')],
  ])('gives the place back for %s, and the headers show the window whole', async (_what, error) => {
    const window = windowOfThree();
    const answer = await run(window.limiter, { failsAfter: error });
    expect(window.used()).toBe(0);
    expect(answer.headers).toMatchObject({ RateLimit: '"minute";r=3;t=60' });
  });

  it('never counts an Idempotency-Key replay, and answers it even once the window is spent', async () => {
    const window = windowOfThree();
    for (let i = 0; i < 3; i++) await run(window.limiter, { makesTask: true });
    const replay = await run(window.limiter, { replay: true });
    expect(replay.statusCode).toBe(200);
    expect(window.used()).toBe(3);
  });

  it('refuses with 429 once three requests made tasks, and the refusal takes nothing', async () => {
    const window = windowOfThree();
    for (let i = 0; i < 3; i++) await run(window.limiter, { makesTask: true });
    const refused = await run(window.limiter, { makesTask: true });
    expect(refused.statusCode).toBe(429);
    expect(window.used()).toBe(3);
  });

  it('lets ten refused requests through a window of three, each still answered 4xx', async () => {
    const window = windowOfThree();
    for (let i = 0; i < 10; i++) {
      const answer = await run(window.limiter, { failsAfter: new ValidationError('url points to a private address.', { param: 'url' }) });
      expect(answer.statusCode).toBe(400);
    }
    expect((await run(window.limiter, { makesTask: true })).statusCode).toBe(200);
  });
});
