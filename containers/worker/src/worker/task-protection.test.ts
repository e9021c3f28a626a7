import { ProtectionHolder, type TaskProtection } from './task-protection';

function recorder(calls: string[], fail: Partial<Record<keyof TaskProtection, boolean>> = {}): TaskProtection {
  const call = (action: keyof TaskProtection) => () => {
    calls.push(action);
    return fail[action] ? Promise.reject(new Error(`${action} refused`)) : Promise.resolve();
  };
  return { protect: call('protect'), release: call('release') };
}

describe('ProtectionHolder', () => {
  afterEach(() => jest.useRealTimers());

  it('protects once for jobs that overlap and releases after the last one', async () => {
    const calls: string[] = [];
    const holder = new ProtectionHolder(recorder(calls), 60_000, () => undefined);
    let endFirst: () => void = () => undefined;
    const first = holder.during(() => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = holder.during(() => Promise.resolve('second'));
    await expect(second).resolves.toBe('second');
    expect(calls).toEqual(['protect']);
    endFirst();
    await first;
    expect(calls).toEqual(['protect', 'release']);
  });

  it('renews protection while a job outlives the renewal period', async () => {
    jest.useFakeTimers();
    const calls: string[] = [];
    const holder = new ProtectionHolder(recorder(calls), 1000, () => undefined);
    let endJob: () => void = () => undefined;
    const job = holder.during(() => new Promise<void>((resolve) => (endJob = resolve)));
    await jest.advanceTimersByTimeAsync(3500);
    expect(calls).toEqual(['protect', 'protect', 'protect', 'protect']);
    endJob();
    await job;
    await jest.advanceTimersByTimeAsync(3000);
    expect(calls.at(-1)).toBe('release');
    expect(calls.filter((c) => c === 'release')).toHaveLength(1);
  });

  it('reports a failed call and never fails the job for it', async () => {
    const calls: string[] = [];
    const errors: string[] = [];
    const holder = new ProtectionHolder(recorder(calls, { protect: true, release: true }), 60_000, (action) => errors.push(action));
    await expect(holder.during(() => Promise.resolve(42))).resolves.toBe(42);
    expect(errors).toEqual(['protect', 'release']);
  });

  it('passes the job’s own error through after releasing', async () => {
    const calls: string[] = [];
    const holder = new ProtectionHolder(recorder(calls), 60_000, () => undefined);
    await expect(holder.during(() => Promise.reject(new Error('bad input')))).rejects.toThrow('bad input');
    expect(calls).toEqual(['protect', 'release']);
  });
});
