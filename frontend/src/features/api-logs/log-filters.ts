import { LOG_STATUS_FILTERS, type LogStatusFilter } from '@frameforge/functions/features/request-logs/contracts/api-logs';

export const LOG_FILTERS = LOG_STATUS_FILTERS;
export type LogFilter = LogStatusFilter;

export function isLogFilter(value: string): value is LogFilter {
  return (LOG_FILTERS as readonly string[]).includes(value);
}

/** What the reader chose on the logs page; dates are days of the browser's calendar (`YYYY-MM-DD`). */
export interface LogFilters {
  status: LogFilter;
  keyId: string;
  fromDay: string;
  toDay: string;
  search: string;
}

export const NO_FILTERS: LogFilters = { status: 'all', keyId: '', fromDay: '', toDay: '', search: '' };

export function hasFilters(filters: LogFilters): boolean {
  return filters.status !== 'all' || filters.keyId !== '' || filters.fromDay !== '' || filters.toDay !== '' || filters.search.trim() !== '';
}

/** A calendar day's first or last instant in the browser's time zone, as an ISO instant; null for no day. */
export function dayBound(day: string, end: 'start' | 'end'): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const at = end === 'start' ? new Date(year, month, date, 0, 0, 0, 0) : new Date(year, month, date, 23, 59, 59, 999);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * The `GET /api-logs` query of the chosen filters: the range in whole local
 * days (a "to" before the "from" is read as the same range turned round),
 * the search as typed, trimmed.
 */
export function logsQueryOf(filters: LogFilters, limit: number, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.keyId) params.set('key_id', filters.keyId);
  const [fromDay, toDay] = filters.fromDay && filters.toDay && filters.fromDay > filters.toDay ? [filters.toDay, filters.fromDay] : [filters.fromDay, filters.toDay];
  const from = dayBound(fromDay, 'start');
  const to = dayBound(toDay, 'end');
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const q = filters.search.trim();
  if (q) params.set('q', q);
  return params;
}
