import * as z from 'zod';
import { builtOnUse } from '../../../kernel/contracts/built-on-use';
import { apiKeyModeSchema } from '../../../kernel/contracts/key-modes';

/** How long request logs are kept (stated on the logs page and in the docs). */
export const LOG_RETENTION_DAYS = 30;

/** How the task of a request ended; `pending` until it does. */
export const TASK_OUTCOMES = ['pending', 'completed', 'failed', 'canceled'] as const;
export type TaskOutcomeStatus = (typeof TASK_OUTCOMES)[number];

export const taskErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  param: z.string().nullable(),
  hint: z.string().nullable(),
});

/** The task a request made, answered again (Idempotency-Key) or read. */
export const logTaskSchema = z.object({
  id: z.string(),
  /** `/task/{id}` on the product API. */
  status_url: z.string(),
  /** For a request that made the task (or answered it again): how it ended. Null when the request only read it. */
  outcome: z.enum(TASK_OUTCOMES).nullable(),
  ended_at: z.string().nullable(),
  /** The job's error when it failed: the same object as `GET /task/{id}` gives. */
  error: taskErrorSchema.nullable(),
});
export type LogTask = z.infer<typeof logTaskSchema>;

/** One product API request as the portal shows it (spec: api_logs, with the joined key name). */
export const apiLogViewSchema = builtOnUse(() =>
  z.object({
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
    /**
     * First line `Error: …` in plain words, then technical detail lines; the
     * answer's error, else the error its task failed with; null on success.
     */
    error_message: z.string().nullable(),
    /** The `code` of that error (`invalid_request`, `start_out_of_range`…), for texts in the reader's language. */
    error_code: z.string().nullable(),
    task_id: z.string().nullable(),
    task: logTaskSchema.nullable(),
    request_id: z.string(),
    /** The query string, when there was one (part of the curl command). */
    query: z.string().nullable(),
    /** The `metadata` a processing request carried (as its task shows it); null when none. */
    metadata: z.record(z.string(), z.string()).nullable(),
    /** `test` for a request made with a test key (shown with a Test badge; counted toward no plan figure). */
    key_mode: apiKeyModeSchema,
  }),
);
export type ApiLogView = z.infer<typeof apiLogViewSchema>;

/** success: 2xx whose task did not fail; error: 400 and above, or a task that failed. */
export const LOG_STATUS_FILTERS = ['all', 'success', 'error'] as const;
export type LogStatusFilter = (typeof LOG_STATUS_FILTERS)[number];

const idShape = /^[0-9a-fA-F-]{36}$/;

/**
 * `GET /api-logs`: newest first, 50 by default, at most 100 a page (the logs
 * page asks for 100). `cursor` is the `next_cursor` of the page before;
 * `q` is a request id or task id (exact), or else text found in the endpoint
 * or method (any case); `from` and `to` bound the time (inclusive).
 */
export const listApiLogsQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().regex(/^[A-Za-z0-9_-]{1,512}$/, 'must be the next_cursor of an earlier page').optional(),
    key_id: z.string().regex(idShape, 'must be the id of one of your API keys').optional(),
    from: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 instant' }).optional(),
    to: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 instant' }).optional(),
    status: z.enum(LOG_STATUS_FILTERS).default('all'),
    q: z.string().trim().max(200).optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), { message: 'must not be after to', path: ['from'] });
export type ListApiLogsQuery = z.infer<typeof listApiLogsQuerySchema>;

export const listApiLogsResponseSchema = builtOnUse(() =>
  z.object({
    logs: z.array(apiLogViewSchema),
    retention_days: z.number().int(),
    /** Pass as `cursor` for the next (older) page; null on the last one. */
    next_cursor: z.string().nullable(),
  }),
);
export type ListApiLogsResponse = z.infer<typeof listApiLogsResponseSchema>;

/** Whether a search text is an id (request or task) rather than a piece of an endpoint or method. */
export const isLogIdSearch = (q: string): boolean => idShape.test(q.trim());
