import { EMPTY_STATS, statsOf } from './dashboard-stats';

describe('statsOf', () => {
  it('falls back to zeros and Never without an answer', () => {
    expect(statsOf(undefined)).toEqual({ totalRequests: 0, todayRequests: 0, activeKeys: 0, lastRequestAt: null, daily: [] });
    expect(statsOf(undefined)).toBe(EMPTY_STATS);
  });

  it('maps the answer of GET /stats onto the cards', () => {
    const daily = [{ date: '2024-05-01', requests: 4, errors: 1 }];
    expect(
      statsOf({ total_requests: 120, today_requests: 7, active_keys: 2, last_request_at: '2024-05-01T10:00:00.000Z', daily }),
    ).toEqual({ totalRequests: 120, todayRequests: 7, activeKeys: 2, lastRequestAt: '2024-05-01T10:00:00.000Z', daily });
  });
});
