import * as z from 'zod';

/**
 * `GET /stats?since=<ISO instant of the browser's local midnight>`: the
 * dashboard's figures, read from counters kept as requests are logged
 * (daily and 15-minute buckets), never by scanning the logs.
 */
export const usageStatsQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, message: 'since must be an ISO 8601 instant (your local midnight)' }),
});

export const dailyUsageSchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  date: z.string(),
  requests: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
});
export type DailyUsage = z.infer<typeof dailyUsageSchema>;

export const usageStatsResponseSchema = z.object({
  total_requests: z.number().int().nonnegative(),
  today_requests: z.number().int().nonnegative(),
  active_keys: z.number().int().nonnegative(),
  last_request_at: z.string().nullable(),
  /** The last 30 days, oldest first, every day present. */
  daily: z.array(dailyUsageSchema),
});
export type UsageStatsResponse = z.infer<typeof usageStatsResponseSchema>;
