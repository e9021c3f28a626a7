import { localMidnight, localMidnightIso } from './local-midnight';

// The runner's own time zone is the browser's here: the checks hold in any zone.
const instants = ['2024-01-15T03:00:00Z', '2024-03-10T20:00:00Z', '2024-03-31T01:30:00Z', '2024-07-01T12:00:00Z', '2024-12-31T23:59:59.999Z'];

describe('localMidnight', () => {
  it.each(instants)('is 00:00 local time on the same local day as %s', (iso) => {
    const now = new Date(iso);
    const midnight = localMidnight(now);
    expect([midnight.getFullYear(), midnight.getMonth(), midnight.getDate()]).toEqual([now.getFullYear(), now.getMonth(), now.getDate()]);
    expect([midnight.getHours(), midnight.getMinutes(), midnight.getSeconds(), midnight.getMilliseconds()]).toEqual([0, 0, 0, 0]);
    expect(midnight.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - midnight.getTime()).toBeLessThan(25 * 3600_000);
  });

  it('is the instant itself at local midnight', () => {
    const midnight = new Date(2024, 4, 5);
    expect(localMidnight(midnight).getTime()).toBe(midnight.getTime());
  });
});

describe('localMidnightIso', () => {
  it('sends the instant as an ISO string in UTC', () => {
    const now = new Date('2024-07-01T12:00:00Z');
    const iso = localMidnightIso(now);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(new Date(iso).getTime()).toBe(localMidnight(now).getTime());
  });
});
