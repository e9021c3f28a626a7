import { loadedOnUse } from './loaded-on-use';

describe('loadedOnUse', () => {
  it('loads nothing until the first use, then once for every use after it, at once or later', async () => {
    const load = jest.fn(async () => ({ made: Symbol('adapter') }));
    const adapter = loadedOnUse(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([adapter(), adapter()]);
    expect(a).toBe(b);
    expect(await adapter()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next use instead of failing for the life of the process', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('chunk not read')).mockResolvedValueOnce('adapter');
    const adapter = loadedOnUse(load as () => Promise<string>);
    await expect(adapter()).rejects.toThrow('chunk not read');
    await expect(adapter()).resolves.toBe('adapter');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
