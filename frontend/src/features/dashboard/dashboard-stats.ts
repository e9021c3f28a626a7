import type { DailyUsage, EndpointUsage, KeyUsage, UsageStatsResponse } from '@frameforge/functions/features/request-logs/contracts/usage-stats';

export interface DashboardStats {
  totalRequests: number;
  todayRequests: number;
  activeKeys: number;
  /** ISO instant of the latest request, or null for 'Never'. */
  lastRequestAt: string | null;
  /** Requests per day, oldest first. */
  daily: DailyUsage[];
  /** Of today's requests, those that asked for processing; the rest are reads. */
  todayProcessing: number;
  /** The last 30 days by endpoint and by key, most used first. */
  byEndpoint: EndpointUsage[];
  byKey: KeyUsage[];
  runningJobs: number;
}

export const EMPTY_STATS: DashboardStats = {
  totalRequests: 0,
  todayRequests: 0,
  activeKeys: 0,
  lastRequestAt: null,
  daily: [],
  todayProcessing: 0,
  byEndpoint: [],
  byKey: [],
  runningJobs: 0,
};

/** The cards' figures; no answer (still loading, or a failed load the spec says to ignore) reads as zeros. */
export function statsOf(answer: UsageStatsResponse | undefined): DashboardStats {
  if (!answer) return EMPTY_STATS;
  return {
    totalRequests: answer.total_requests,
    todayRequests: answer.today_requests,
    activeKeys: answer.active_keys,
    lastRequestAt: answer.last_request_at,
    daily: answer.daily,
    todayProcessing: answer.today_processing,
    byEndpoint: answer.by_endpoint,
    byKey: answer.by_key,
    runningJobs: answer.running_jobs,
  };
}
