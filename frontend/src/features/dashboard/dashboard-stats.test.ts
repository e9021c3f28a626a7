import { EMPTY_STATS, statsOf } from './dashboard-stats';

describe('statsOf', () => {
  it('falls back to zeros and Never without an answer', () => {
    expect(statsOf(undefined)).toEqual({ totalRequests: 0, todayRequests: 0, activeKeys: 0, lastRequestAt: null, daily: [], todayProcessing: 0, byEndpoint: [], byKey: [], runningJobs: 0 });
    expect(statsOf(undefined)).toBe(EMPTY_STATS);
  });

  it('maps the answer of GET /stats onto the cards', () => {
    const daily = [{ date: '2024-05-01', requests: 4, errors: 1, processing: 1 }];
    const byEndpoint = [{ endpoint: 'POST /cut', processing: true, requests: 1 }];
    const byKey = [{ key_id: 'k1', name: 'Server', masked_key: 'ff_live_…abcd', requests: 4, minute_used: 1, minute_resets_in: 42 }];
    expect(
      statsOf({
        total_requests: 120,
        today_requests: 7,
        today_processing: 2,
        active_keys: 2,
        last_request_at: '2024-05-01T10:00:00.000Z',
        daily,
        by_endpoint: byEndpoint,
        by_key: byKey,
        running_jobs: 1,
      }),
    ).toEqual({ totalRequests: 120, todayRequests: 7, activeKeys: 2, lastRequestAt: '2024-05-01T10:00:00.000Z', daily, todayProcessing: 2, byEndpoint, byKey, runningJobs: 1 });
  });
});
