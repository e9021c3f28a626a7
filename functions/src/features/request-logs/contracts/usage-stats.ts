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
  /** Of the requests, those sent to a processing endpoint (the rest are reads: tasks, files, uploads, the account). */
  processing: z.number().int().nonnegative(),
});
export type DailyUsage = z.infer<typeof dailyUsageSchema>;

export const endpointUsageSchema = z.object({
  endpoint: z.string(),
  /** A processing endpoint: its requests make tasks and count against the per-minute allowance. */
  processing: z.boolean(),
  requests: z.number().int().nonnegative(),
});
export type EndpointUsage = z.infer<typeof endpointUsageSchema>;

export const keyUsageSchema = z.object({
  key_id: z.string(),
  name: z.string().nullable(),
  masked_key: z.string().nullable(),
  requests: z.number().int().nonnegative(),
  /** Processing requests counted in the key's current one-minute window; 0 when none is open. */
  minute_used: z.number().int().nonnegative(),
  /** Seconds until that window closes; null when none is open. */
  minute_resets_in: z.number().int().nonnegative().nullable(),
});
export type KeyUsage = z.infer<typeof keyUsageSchema>;

export const usageStatsResponseSchema = z.object({
  total_requests: z.number().int().nonnegative(),
  today_requests: z.number().int().nonnegative(),
  active_keys: z.number().int().nonnegative(),
  last_request_at: z.string().nullable(),
  /** Of today's requests, those sent to a processing endpoint. */
  today_processing: z.number().int().nonnegative(),
  /** The last 30 days, oldest first, every day present. */
  daily: z.array(dailyUsageSchema),
  /** The last 30 days by operation ("POST /cut", "GET /task/{id}"), most used first. */
  by_endpoint: z.array(endpointUsageSchema),
  /** The last 30 days by key, most used first; a revoked key has no name or mask any more. */
  by_key: z.array(keyUsageSchema),
  /** Jobs of the plan running now (test keys' jobs apart). */
  running_jobs: z.number().int().nonnegative(),
});
export type UsageStatsResponse = z.infer<typeof usageStatsResponseSchema>;
