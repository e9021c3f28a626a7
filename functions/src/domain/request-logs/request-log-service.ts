import { randomUUID } from 'node:crypto';
import { LOG_RETENTION_DAYS, type ApiLogView } from '../../contracts/api-logs';
import type { UsageStatsResponse } from '../../contracts/usage-stats';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { RequestLogEntry, RequestLogStore, UsageCounters } from './request-log';

export type NewRequestLog = Omit<RequestLogEntry, 'id' | 'createdAt' | 'expiresAt'>;

const CHART_DAYS = 30;
/** "Today" starts at most this long ago, whatever time zone the browser is in. */
const MAX_TODAY_MS = 26 * 3600_000;

export function toApiLogView(entry: RequestLogEntry): ApiLogView {
  return {
    id: entry.id,
    api_key_id: entry.apiKeyId,
    key_name: entry.keyName,
    masked_key: entry.maskedKey,
    method: entry.method,
    endpoint: entry.endpoint,
    status_code: entry.statusCode,
    duration_ms: entry.durationMs,
    created_at: entry.createdAt,
    error_message: entry.errorMessage,
    task_id: entry.taskId,
    request_id: entry.requestId,
    query: entry.query,
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
      id: randomUUID(),
      createdAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + LOG_RETENTION_DAYS * 86_400,
    };
    await Promise.all([this.logs.append(entry), this.counters.count(log.userId, at, log.statusCode >= 400)]);
  }

  async list(userId: string, limit: number): Promise<ApiLogView[]> {
    return (await this.logs.listByUser(userId, limit)).map(toApiLogView);
  }

  async getOwned(userId: string, id: string): Promise<ApiLogView> {
    const entry = await this.logs.get(id);
    if (!entry || entry.userId !== userId) throw new NotFoundError('No such request log.', { param: 'id' });
    return toApiLogView(entry);
  }

  /** The dashboard's figures from the counters alone: the same few reads with 100 requests or 100,000. */
  async stats(userId: string, since: Date, activeKeys: number): Promise<UsageStatsResponse> {
    const now = this.now();
    if (since.getTime() > now.getTime() || now.getTime() - since.getTime() > MAX_TODAY_MS) {
      throw new ValidationError('since must be the start of your local day: within the last 26 hours.', { param: 'since' });
    }
    const dates = Array.from({ length: CHART_DAYS }, (_, i) => new Date(now.getTime() - (CHART_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
    const [totals, today, daily] = await Promise.all([
      this.counters.totals(userId),
      this.counters.since(userId, since, now),
      this.counters.days(userId, dates),
    ]);
    return { total_requests: totals.requests, today_requests: today, active_keys: activeKeys, last_request_at: totals.lastAt, daily };
  }
}
