import { RateLimiter, type RateWatcher, type RateWindow, type RateWindowStore } from '../../limits/rate-limit';
import { runRateLimit } from './rate-limit-test-support';

/** A store whose window stands where the test says: `used` of 3 after this request. */
function storeAt(used: number): RateWindowStore {
  const window = (): RateWindow => ({ allowed: used <= 3, limit: 3, remaining: Math.max(0, 3 - used), resetSeconds: 40 });
  return { take: () => Promise.resolve(window()), peek: () => Promise.resolve(window()), giveBack: () => Promise.resolve(false) };
}

/** A counted or uncounted request that the handler answers with 202. */
const invoke = (limiter: RateLimiter, counted: boolean) => runRateLimit({ limiter, counted, makesTask: counted, handler: { statusCode: 202, body: '{}' } });

describe('the rate limit tells the usage alerts where a counted request left the window', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('hands the caller and the window to the watcher, for admitted and refused requests alike', async () => {
    const watcher = jest.fn<ReturnType<RateWatcher>, Parameters<RateWatcher>>(() => Promise.resolve());
    expect((await invoke(new RateLimiter(storeAt(3), Date.now, watcher), true)).statusCode).toBe(202);
    expect(watcher).toHaveBeenCalledWith({ userId: 'user-1', tier: 'basic' }, { allowed: true, limit: 3, remaining: 0, resetSeconds: 40 });
    const refused = await invoke(new RateLimiter(storeAt(4), Date.now, watcher), true);
    expect(refused.statusCode).toBe(429);
    expect(watcher).toHaveBeenLastCalledWith({ userId: 'user-1', tier: 'basic' }, expect.objectContaining({ allowed: false, remaining: 0 }));
  });

  it('requests that are not counted (polling) tell nobody', async () => {
    const watcher = jest.fn(() => Promise.resolve());
    await invoke(new RateLimiter(storeAt(3), Date.now, watcher), false);
    expect(watcher).not.toHaveBeenCalled();
  });

  it('a failing alert never fails the request', async () => {
    const answer = await invoke(new RateLimiter(storeAt(3), Date.now, () => Promise.reject(new Error('SES down'))), true);
    expect(answer.statusCode).toBe(202);
    expect(answer.headers).toMatchObject({ RateLimit: '"minute";r=0;t=40' });
  });

  it('a watcher that throws at once never fails the request either', async () => {
    const throwing: RateWatcher = () => {
      throw new Error('no configuration');
    };
    expect((await invoke(new RateLimiter(storeAt(3), Date.now, throwing), true)).statusCode).toBe(202);
  });

  it('a slow alert holds the answer back by at most ~150 ms', async () => {
    // Never settles (a mail server that hangs): the answer must not wait for it.
    const slow: RateWatcher = () => new Promise(() => undefined);
    const started = performance.now();
    const answer = await invoke(new RateLimiter(storeAt(3), Date.now, slow), true);
    const took = performance.now() - started;
    expect(answer.statusCode).toBe(202);
    expect(took).toBeGreaterThanOrEqual(140);
    expect(took).toBeLessThan(600);
  });

  it('a quick alert is waited for, so it is not cut off when the function freezes', async () => {
    let finished = false;
    const quick: RateWatcher = () => new Promise((resolve) => setTimeout(() => resolve((finished = true)), 30));
    await invoke(new RateLimiter(storeAt(3), Date.now, quick), true);
    expect(finished).toBe(true);
  });
});
