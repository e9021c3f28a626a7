import type { ApiLogView } from '@frameforge/functions/contracts/api-logs';

export const LOG_FILTERS = ['all', 'success', 'error'] as const;
export type LogFilter = (typeof LOG_FILTERS)[number];

export function isLogFilter(value: string): value is LogFilter {
  return (LOG_FILTERS as readonly string[]).includes(value);
}

/** The spec's filters: success is any 2xx, error any status of 400 and above. */
export function matchesFilter(statusCode: number, filter: LogFilter): boolean {
  if (filter === 'success') return statusCode >= 200 && statusCode < 300;
  if (filter === 'error') return statusCode >= 400;
  return true;
}

/** Case-insensitive match on the endpoint or the method; a blank search matches everything. */
export function matchesSearch(log: Pick<ApiLogView, 'endpoint' | 'method'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return log.endpoint.toLowerCase().includes(needle) || log.method.toLowerCase().includes(needle);
}

export function filterLogs<T extends Pick<ApiLogView, 'endpoint' | 'method' | 'status_code'>>(logs: readonly T[], filter: LogFilter, search: string): T[] {
  return logs.filter((log) => matchesFilter(log.status_code, filter) && matchesSearch(log, search));
}
