import type { DailyUsage, UsageStatsResponse } from '@frameforge/functions/contracts/usage-stats';

export interface DashboardStats {
  totalRequests: number;
  todayRequests: number;
  activeKeys: number;
  /** ISO instant of the latest request, or null for 'Never'. */
  lastRequestAt: string | null;
  /** Requests per day, oldest first. */
  daily: DailyUsage[];
}

export const EMPTY_STATS: DashboardStats = { totalRequests: 0, todayRequests: 0, activeKeys: 0, lastRequestAt: null, daily: [] };

/** The cards' figures; no answer (still loading, or a failed load the spec says to ignore) reads as zeros. */
export function statsOf(answer: UsageStatsResponse | undefined): DashboardStats {
  if (!answer) return EMPTY_STATS;
  return {
    totalRequests: answer.total_requests,
    todayRequests: answer.today_requests,
    activeKeys: answer.active_keys,
    lastRequestAt: answer.last_request_at,
    daily: answer.daily,
  };
}
