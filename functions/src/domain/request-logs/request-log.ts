/** One product API request, as logged for its key's owner. */
export interface RequestLogEntry {
  id: string;
  userId: string;
  apiKeyId: string;
  keyName: string;
  maskedKey: string;
  method: string;
  endpoint: string;
  query: string | null;
  statusCode: number;
  durationMs: number;
  createdAt: string;
  errorMessage: string | null;
  taskId: string | null;
  requestId: string;
  /** Epoch seconds: the record goes after the retention period. */
  expiresAt: number;
}

export interface RequestLogStore {
  append(entry: RequestLogEntry): Promise<void>;
  /** Newest first. */
  listByUser(userId: string, limit: number): Promise<RequestLogEntry[]>;
  get(id: string): Promise<RequestLogEntry | undefined>;
}

export interface DailyCount {
  date: string;
  requests: number;
  errors: number;
}

/**
 * Request counts kept as requests are logged: all time, per UTC day and per
 * 15-minute bucket, so the dashboard reads a fixed handful of items however
 * many requests there were.
 */
export interface UsageCounters {
  count(userId: string, at: Date, isError: boolean): Promise<void>;
  totals(userId: string): Promise<{ requests: number; lastAt: string | null }>;
  /** Requests in the 15-minute buckets from `since` (rounded down to its bucket) up to `now`. */
  since(userId: string, since: Date, now: Date): Promise<number>;
  days(userId: string, dates: readonly string[]): Promise<DailyCount[]>;
}

/** The detail lines the logs page shows under "What went wrong?". */
export function errorMessageOf(statusCode: number, body: string | undefined): string | null {
  if (statusCode < 400) return null;
  let error: { code?: unknown; message?: unknown; param?: unknown; hint?: unknown } | undefined;
  try {
    const parsed = JSON.parse(body ?? '') as { error?: unknown };
    error = typeof parsed.error === 'object' && parsed.error !== null ? (parsed.error as typeof error) : undefined;
  } catch {
    error = undefined;
  }
  const message = typeof error?.message === 'string' && error.message ? error.message : `The request failed with HTTP ${statusCode}.`;
  const [first = '', ...rest] = message.split('\n');
  const lines = [first.startsWith('Error: ') ? first : `Error: ${first}`, ...rest];
  if (typeof error?.param === 'string') lines.push(`Parameter: ${error.param}`);
  if (typeof error?.code === 'string') lines.push(`Code: ${error.code}`);
  if (typeof error?.hint === 'string' && error.hint) lines.push(`Hint: ${error.hint}`);
  return lines.join('\n').slice(0, 4000);
}
