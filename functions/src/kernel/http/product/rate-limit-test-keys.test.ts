import { TEST_KEY_TIER, TEST_MODE } from '../../contracts/key-modes';
import { RateLimiter, type RateWindow, type RateWindowStore } from '../../limits/rate-limit';
import { runRateLimit } from './rate-limit-test-support';

/** A window store that counts for real, in memory, and remembers the limit each window was asked for. */
function countingStore() {
  const used = new Map<string, number>();
  const limits = new Map<string, number>();
  const window = (id: string, limit: number, count: number): RateWindow => ({ allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds: 60 });
  const store: RateWindowStore = {
    take: (id, limit) => {
      used.set(id, (used.get(id) ?? 0) + 1);
      limits.set(id, limit);
      return Promise.resolve(window(id, limit, used.get(id) ?? 0));
    },
    peek: (id, limit) => Promise.resolve(window(id, limit, used.get(id) ?? 0)),
    giveBack: () => Promise.resolve(false),
  };
  return { store, used, limits };
}

const testKey = { tier: TEST_KEY_TIER, mode: 'test' as const };

describe('a test key’s rate limit', () => {
  it('is its own small limit, though it runs with the highest plan’s features, which have none', async () => {
    const { store, limits } = countingStore();
    const answer = await runRateLimit({ limiter: new RateLimiter(store), counted: true, caller: testKey });
    expect(limits.get('rate#key-1')).toBe(TEST_MODE.requestsPerMinute);
    expect(answer.headers).toMatchObject({ 'RateLimit-Policy': `"minute";q=${TEST_MODE.requestsPerMinute};w=60` });
  });

  it('refuses past its limit with a 429 that names the test key, not a plan', async () => {
    const { store } = countingStore();
    const limiter = new RateLimiter(store);
    for (let i = 0; i < TEST_MODE.requestsPerMinute; i++) expect((await runRateLimit({ limiter, counted: true, caller: testKey })).statusCode).toBe(200);
    const refused = await runRateLimit({ limiter, counted: true, caller: testKey });
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { message: `Rate limit reached: ${TEST_MODE.requestsPerMinute} requests per minute on a test key.` } });
  });

  it('tells the usage alerts nothing: a test request is no use of the plan', async () => {
    const watcher = jest.fn(() => Promise.resolve());
    await runRateLimit({ limiter: new RateLimiter(countingStore().store, Date.now, watcher), counted: true, caller: testKey });
    expect(watcher).not.toHaveBeenCalled();
    await runRateLimit({ limiter: new RateLimiter(countingStore().store, Date.now, watcher), counted: true });
    expect(watcher).toHaveBeenCalledTimes(1);
  });
});
