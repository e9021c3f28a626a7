import { z } from 'zod';

/** How long request logs are kept (stated on the logs page and in the docs). */
export const LOG_RETENTION_DAYS = 30;

/** One product API request as the portal shows it (spec: api_logs, with the joined key name). */
export const apiLogViewSchema = z.object({
  id: z.string(),
  api_key_id: z.string(),
  key_name: z.string(),
  /** The first 8 characters of the key, an ellipsis and its last 4 (for the copyable curl command). */
  masked_key: z.string(),
  method: z.string(),
  endpoint: z.string(),
  status_code: z.number().int(),
  duration_ms: z.number().int().nonnegative(),
  created_at: z.string(),
  /** First line `Error: …` in plain words, then technical detail lines; null on success. */
  error_message: z.string().nullable(),
  task_id: z.string().nullable(),
  request_id: z.string(),
  /** The query string, when there was one (part of the curl command). */
  query: z.string().nullable(),
});
export type ApiLogView = z.infer<typeof apiLogViewSchema>;

/** `GET /api-logs?limit=`: newest first; 50 by default, at most 100 (the logs page asks for 100). */
export const listApiLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(50),
});
export const listApiLogsResponseSchema = z.object({ logs: z.array(apiLogViewSchema), retention_days: z.number().int() });
export type ListApiLogsResponse = z.infer<typeof listApiLogsResponseSchema>;
