import { eventually } from './eventually';

/** Milliseconds from `now` to the next midnight, in UTC and in this process's time zone (the browser's too). */
export function toNextMidnights(now: Date): { utc: number; local: number } {
  const utc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();
  const local = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();
  return { utc, local };
}

/**
 * Waits, when a day ends within `marginMs`, until it has ended: a test that
 * counts "today's" requests (the portal's local day, the chart's UTC day)
 * must make them and read them back on one day. Polls the clock, a condition.
 */
export async function clearOfMidnight(marginMs: number): Promise<void> {
  await eventually(
    () => {
      const { utc, local } = toNextMidnights(new Date());
      return Math.min(utc, local) > marginMs ? true : undefined;
    },
    { timeoutMs: marginMs + 60_000, intervalMs: 1_000, what: `a day with more than ${marginMs / 1000} s left` },
  );
}
