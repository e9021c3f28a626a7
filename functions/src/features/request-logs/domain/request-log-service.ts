import { isLogIdSearch, LOG_RETENTION_DAYS, type ApiLogView, type ListApiLogsQuery } from '../contracts/api-logs';
import type { UsageStatsResponse } from '../contracts/usage-stats';
import type { ApiKeyMode } from '../../../kernel/contracts/key-modes';
import { isProcessingRequest } from '../../../kernel/contracts/processing-paths';
import { isExpired } from '../../api-keys/domain/key-expiry';
import { NotFoundError, ValidationError } from '../../../kernel/domain/errors';
import { decodeCursor, encodeCursor } from './log-cursor';
import { toApiLogView } from './log-view';
import { operationOf, usageByEndpoint, usageByKey, type LiveUsage, type NamedKey } from './usage-breakdown';
import type { LogQuery, RequestLogEntry, RequestLogStore, UsageCounters } from './request-log';

/** A request's log as the request writes it; its time and expiry are the service's. */
export type NewRequestLog = Omit<RequestLogEntry, 'createdAt' | 'expiresAt'>;

const CHART_DAYS = 30;
/** "Today" starts at most this long ago, whatever time zone the browser is in. */
const MAX_TODAY_MS = 26 * 3600_000;

/** The portal's query in the store's terms: instants in the stored form, the cursor opened, the search told apart. */
export function toLogQuery(query: ListApiLogsQuery): LogQuery {
  const q = query.q?.trim();
  const instant = (text: string) => new Date(text).toISOString();
  return {
    limit: query.limit,
    status: query.status,
    ...(query.cursor ? { cursor: decodeCursor(query.cursor) } : {}),
    ...(query.key_id ? { apiKeyId: query.key_id.toLowerCase() } : {}),
    ...(query.from ? { from: instant(query.from) } : {}),
    ...(query.to ? { to: instant(query.to) } : {}),
    ...(q ? { search: isLogIdSearch(q) ? { kind: 'id' as const, id: q.toLowerCase() } : { kind: 'text' as const, text: q } } : {}),
  };
}

/** Request logs and the counters kept beside them: written per request, read by the logs page and the dashboard. */
export class RequestLogService {
  constructor(
    private readonly logs: RequestLogStore,
    private readonly counters: UsageCounters,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(log: NewRequestLog): Promise<void> {
    const at = this.now();
    const entry: RequestLogEntry = {
      ...log,
      createdAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + LOG_RETENTION_DAYS * 86_400,
    };
    const isError = log.statusCode >= 400;
    // A test key's requests are logged but never counted: the dashboard's figures are the plan's.
    const counted = log.keyMode !== 'test';
    const route = log.route ?? log.endpoint;
    const request = { isError, operation: operationOf(log.method, route), apiKeyId: log.apiKeyId, processing: isProcessingRequest(log.method, route) };
    const [earlier] = await Promise.all([this.logs.append(entry), counted ? this.counters.count(log.userId, at, request) : undefined]);
    // The task failed before this row was written: the worker found no request to count it against and left it to us.
    if (counted && !isError && earlier?.status === 'failed') await this.counters.countError(log.userId, at);
  }

  /** One page of the caller's own logs, newest first, and where the next one starts. */
  async list(userId: string, query: ListApiLogsQuery): Promise<{ logs: ApiLogView[]; next_cursor: string | null }> {
    const page = await this.logs.query(userId, toLogQuery(query));
    return { logs: page.entries.map(toApiLogView), next_cursor: page.next ? encodeCursor(page.next) : null };
  }

  async getOwned(userId: string, id: string): Promise<ApiLogView> {
    const entry = await this.logs.get(id);
    if (!entry || entry.userId !== userId) throw new NotFoundError('No such request log.', { param: 'id' });
    return toApiLogView(entry);
  }

  /** The dashboard's figures from the counters alone: the same few reads with 100 requests or 100,000. */
  /** The dashboard's figures: counters for today and the last 30 days, by operation and key, and the live minute windows and running jobs. */
  async stats(userId: string, since: Date, activeKeys: readonly (NamedKey & { mode?: ApiKeyMode; expiresAt?: string | null })[], live: LiveUsage): Promise<UsageStatsResponse> {
    const now = this.now();
    if (since.getTime() > now.getTime() || now.getTime() - since.getTime() > MAX_TODAY_MS) {
      throw new ValidationError('since must be the start of your local day: within the last 26 hours.', { param: 'since' });
    }
    const dates = Array.from({ length: CHART_DAYS }, (_, i) => new Date(now.getTime() - (CHART_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
    // Test keys count toward no plan figure: neither their requests nor their minute windows are the plan's.
    // An expired key stays listed until revoked (named, with its requests) but no longer works: it is not active and has no minute.
    const working = activeKeys.filter((key) => !isExpired(key, now));
    const liveKeys = activeKeys.filter((key) => key.mode !== 'test');
    const [totals, today, days, windows, runningJobs] = await Promise.all([
      this.counters.totals(userId),
      this.counters.since(userId, since, now),
      this.counters.days(userId, dates),
      live.minuteWindows(
        working.filter((key) => key.mode !== 'test').map((key) => key.id),
        now.getTime(),
      ),
      live.runningJobs(userId, now.getTime()),
    ]);
    return {
      total_requests: totals.requests,
      today_requests: today.requests,
      today_processing: today.processing,
      active_keys: working.length,
      last_request_at: totals.lastAt,
      daily: days.map(({ date, requests, errors, processing }) => ({ date, requests, errors, processing })),
      by_endpoint: usageByEndpoint(days),
      by_key: usageByKey(days, liveKeys, windows),
      running_jobs: runningJobs,
    };
  }

}
