import type { DailyCount, RequestLogStore, UsageCounters } from './request-log';
import { RequestLogService } from './request-log-service';
import type { LiveUsage } from './usage-breakdown';

const NOW = new Date('2026-11-27T12:00:00.000Z');

const counters: UsageCounters = {
  count: () => Promise.resolve(),
  countError: () => Promise.resolve(),
  totals: () => Promise.resolve({ requests: 9, lastAt: '2026-11-27T11:59:00.000Z' }),
  since: () => Promise.resolve({ requests: 5, processing: 2 }),
  days: (_userId, dates) =>
    Promise.resolve(
      dates.map((date): DailyCount => (date === '2026-11-27' ? { date, requests: 5, errors: 1, processing: 2, operations: { 'POST /cut': 2, 'GET /task/{id}': 3 }, keys: { live: 4, old: 1 } } : { date, requests: 0, errors: 0, processing: 0, operations: {}, keys: {} })),
    ),
};

describe('the dashboard figures', () => {
  it('counts working keys only, and reads the minute windows of live keys that still work', async () => {
    const asked: string[][] = [];
    const live: LiveUsage = {
      minuteWindows: (ids) => {
        asked.push([...ids]);
        return Promise.resolve(new Map([['live', { used: 1, resetsInMs: 30_000 }]]));
      },
      runningJobs: () => Promise.resolve(1),
    };
    const service = new RequestLogService({} as RequestLogStore, counters, () => NOW);
    const keys = [
      { id: 'live', name: 'Server', maskedKey: 'ff_live_…aaaa', mode: 'live' as const, expiresAt: null },
      { id: 'test', name: 'Sandbox', maskedKey: 'ff_test_…bbbb', mode: 'test' as const },
      { id: 'old', name: 'Rolled', maskedKey: 'ff_live_…cccc', mode: 'live' as const, expiresAt: '2026-11-27T11:00:00.000Z' },
    ];
    const stats = await service.stats('u1', new Date('2026-11-27T00:00:00.000Z'), keys, live);
    expect(asked).toEqual([['live']]);
    expect(stats).toMatchObject({ total_requests: 9, today_requests: 5, today_processing: 2, active_keys: 2, running_jobs: 1 });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({ date: '2026-11-27', requests: 5, errors: 1, processing: 2 });
    expect(stats.by_endpoint).toEqual([
      { endpoint: 'GET /task/{id}', processing: false, requests: 3 },
      { endpoint: 'POST /cut', processing: true, requests: 2 },
    ]);
    // The expired key keeps its name and requests, with no minute: it no longer works. Test keys count toward no plan figure.
    expect(stats.by_key).toEqual([
      { key_id: 'live', name: 'Server', masked_key: 'ff_live_…aaaa', requests: 4, minute_used: 1, minute_resets_in: 30 },
      { key_id: 'old', name: 'Rolled', masked_key: 'ff_live_…cccc', requests: 1, minute_used: 0, minute_resets_in: null },
    ]);
  });
});
