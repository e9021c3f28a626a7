import type { LogStatusFilter } from '../contracts/api-logs';
import type { ApiKeyMode } from '../../../kernel/contracts/key-modes';
import type { JobError } from '../../jobs/domain/job';

/** How a request's task ended, as its log row shows it. */
export interface TaskOutcome {
  status: 'completed' | 'failed' | 'canceled';
  error: JobError | null;
  endedAt: string;
}

/** One product API request, as logged for its key's owner. */
export interface RequestLogEntry {
  id: string;
  userId: string;
  apiKeyId: string;
  keyName: string;
  maskedKey: string;
  method: string;
  endpoint: string;
  /** The API's resource path the request matched ("/task/{id}"); absent on rows logged before it was kept. */
  route?: string;
  query: string | null;
  statusCode: number;
  durationMs: number;
  createdAt: string;
  errorMessage: string | null;
  /** The answer's error code; absent on rows logged before codes were kept. */
  errorCode?: string | null;
  taskId: string | null;
  /** The request made its task (or answered it again): the row shows how the task ends. */
  answersTask?: boolean;
  /** Written by whichever sees the task end first, the worker or the request itself; absent while the task runs. */
  taskOutcome?: TaskOutcome;
  requestId: string;
  /** The `metadata` a processing request carried, once validated; absent when it carried none. */
  metadata?: Record<string, string>;
  /** `test`: made with a test key, so it counts toward no plan figure. Absent: live. */
  keyMode?: ApiKeyMode;
  /** Epoch seconds: the record goes after the retention period. */
  expiresAt: number;
}

/** Where a page of logs starts: the last row of the page before. */
export interface LogCursor {
  id: string;
  createdAt: string;
}

/** An exact request or task id, or a piece of an endpoint or method (any case). */
export type LogSearch = { kind: 'id'; id: string } | { kind: 'text'; text: string };

export interface LogQuery {
  limit: number;
  cursor?: LogCursor;
  apiKeyId?: string;
  /** Inclusive bounds, as UTC ISO instants (the form `createdAt` is stored in). */
  from?: string;
  to?: string;
  status: LogStatusFilter;
  search?: LogSearch;
}

export interface LogPage {
  /** Newest first. */
  entries: RequestLogEntry[];
  /** Where the next (older) page starts; null when there is none. */
  next: LogCursor | null;
}

export interface RequestLogStore {
  /**
   * Writes the request's fields. It never removes a task outcome recorded
   * first: a job may end (and the worker record it) before its request's
   * own log is written. Returns that outcome when there was one.
   */
  append(entry: RequestLogEntry): Promise<TaskOutcome | undefined>;
  query(userId: string, query: LogQuery): Promise<LogPage>;
  get(id: string): Promise<RequestLogEntry | undefined>;
}

/** A log row as it reads once a task outcome was put on it; the request's fields are absent while the request has not written them. */
export type OutcomeRow = Partial<Pick<RequestLogEntry, 'userId' | 'createdAt' | 'statusCode' | 'keyMode'>>;

/**
 * Records how a task ended on the log rows of the requests that made it.
 * Only the first write puts it (a redelivered job end changes nothing) and
 * returns the row; later ones return null. A row not written yet gets its
 * request fields later.
 */
export interface TaskOutcomeStore {
  recordTaskOutcome(logId: string, outcome: TaskOutcome, expiresAt: number): Promise<OutcomeRow | null>;
}

export interface DailyCount {
  date: string;
  requests: number;
  errors: number;
  processing: number;
  /** Requests by operation ("POST /cut"). */
  operations: Record<string, number>;
  /** Requests by API key id. */
  keys: Record<string, number>;
}

/** What one counted request adds: to the totals, and to its day's breakdown by operation and key. */
export interface CountedRequest {
  isError: boolean;
  /** "POST /cut", "GET /task/{id}": the method and the resource path, never the ids of the request's path. */
  operation: string;
  apiKeyId: string;
  processing: boolean;
}

/**
 * Request counts kept as requests are logged: all time, per UTC day and per
 * 15-minute bucket, so the dashboard reads a fixed handful of items however
 * many requests there were.
 */
export interface UsageCounters {
  count(userId: string, at: Date, request: CountedRequest): Promise<void>;
  /** A request counted at `at` turned out to have failed (its task did): one more error, no more requests. */
  countError(userId: string, at: Date): Promise<void>;
  totals(userId: string): Promise<{ requests: number; lastAt: string | null }>;
  /** Requests in the 15-minute buckets from `since` (rounded down to its bucket) up to `now`. */
  since(userId: string, since: Date, now: Date): Promise<{ requests: number; processing: number }>;
  days(userId: string, dates: readonly string[]): Promise<DailyCount[]>;
}
