import type { EndpointUsage, KeyUsage } from '../contracts/usage-stats';
import { isProcessingRequest } from '../../../kernel/contracts/processing-paths';
import type { DailyCount } from './request-log';

/** A key as the dashboard names it. */
export interface NamedKey {
  id: string;
  name: string;
  maskedKey: string;
}

/** A key's open one-minute window: processing requests counted in it, and when it closes. */
export interface MinuteWindow {
  used: number;
  resetsInMs: number;
}

/** What is happening now, beside the counters: each key's minute window and the plan's running jobs. */
export interface LiveUsage {
  minuteWindows(keyIds: readonly string[], nowMs: number): Promise<ReadonlyMap<string, MinuteWindow>>;
  runningJobs(userId: string, nowMs: number): Promise<number>;
}

/** "POST /cut", from the method and the resource path the request matched. */
export const operationOf = (method: string, route: string): string => `${method.toUpperCase()} ${route}`;

function sum(days: readonly DailyCount[], pick: (day: DailyCount) => Record<string, number>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const day of days) for (const [name, n] of Object.entries(pick(day))) totals.set(name, (totals.get(name) ?? 0) + n);
  return totals;
}

const mostUsedFirst = <T extends { requests: number }>(label: (item: T) => string) => (a: T, b: T) => b.requests - a.requests || label(a).localeCompare(label(b));

/** The days' requests by operation, most used first. */
export function usageByEndpoint(days: readonly DailyCount[]): EndpointUsage[] {
  return [...sum(days, (day) => day.operations)]
    .map(([endpoint, requests]) => {
      const [method = '', route = ''] = endpoint.split(' ');
      return { endpoint, processing: isProcessingRequest(method, route), requests };
    })
    .sort(mostUsedFirst((item) => item.endpoint));
}

/**
 * The days' requests by key, most used first: every active live key (with
 * its minute window), and keys since revoked that made requests, unnamed.
 */
export function usageByKey(days: readonly DailyCount[], activeKeys: readonly NamedKey[], windows: ReadonlyMap<string, MinuteWindow>): KeyUsage[] {
  const requests = sum(days, (day) => day.keys);
  const active = new Map(activeKeys.map((key) => [key.id, key]));
  const ids = new Set([...active.keys(), ...requests.keys()]);
  return [...ids]
    .map((id): KeyUsage => {
      const key = active.get(id);
      const window = windows.get(id);
      return {
        key_id: id,
        name: key?.name ?? null,
        masked_key: key?.maskedKey ?? null,
        requests: requests.get(id) ?? 0,
        minute_used: window?.used ?? 0,
        minute_resets_in: window ? Math.ceil(window.resetsInMs / 1000) : null,
      };
    })
    .sort(mostUsedFirst((item) => item.name ?? item.key_id));
}
