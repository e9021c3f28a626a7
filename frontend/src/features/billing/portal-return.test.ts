import { awaitingPortalChange, PORTAL_RETURN_WINDOW_MS, rememberLeavingForPortal, takePortalDeparture } from './portal-return';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('coming back from the billing portal', () => {
  it('reads the departure once, and only on a return within the hour', () => {
    const storage = memoryStorage();
    rememberLeavingForPortal(storage, 1_000_000);
    expect(takePortalDeparture(storage, 1_060_000)).toBe(1_000_000);
    expect(takePortalDeparture(storage, 1_060_000)).toBeNull();
    rememberLeavingForPortal(storage, 1_000_000);
    expect(takePortalDeparture(storage, 1_000_000 + 61 * 60 * 1000)).toBeNull();
  });

  it('waits for a change newer than the departure, for a while at most', () => {
    const leftAt = Date.parse('2026-03-01T10:00:00Z');
    const returnedAt = leftAt + 30_000;
    expect(awaitingPortalChange(leftAt, returnedAt, '2026-03-01T09:00:00Z', returnedAt + 1000)).toBe(true);
    expect(awaitingPortalChange(leftAt, returnedAt, undefined, returnedAt + 1000)).toBe(true);
    expect(awaitingPortalChange(leftAt, returnedAt, '2026-03-01T10:00:05Z', returnedAt + 1000)).toBe(false);
    expect(awaitingPortalChange(leftAt, returnedAt, '2026-03-01T09:00:00Z', returnedAt + PORTAL_RETURN_WINDOW_MS + 1)).toBe(false);
    expect(awaitingPortalChange(null, returnedAt, undefined, returnedAt)).toBe(false);
  });

  it('survives storage that refuses', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined };
    expect(() => rememberLeavingForPortal(refusing)).not.toThrow();
    expect(takePortalDeparture(refusing)).toBeNull();
  });
});
