import { ValidationError } from '../domain/shared/errors';

const CLOCK = /^(?:(\d+):)?([0-5]?\d):([0-5]?\d(?:\.\d+)?)$/;

/** Seconds as a number ("12.5") or a clock time ("00:01:02.5"); undefined when absent. */
export function parseSeconds(value: string | undefined, param: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  const clock = CLOCK.exec(trimmed);
  const seconds = clock
    ? Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3])
    : /^\d+(\.\d+)?$/.test(trimmed)
      ? Number(trimmed)
      : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 24 * 3600) {
    throw new ValidationError(`${param} must be a number of seconds (e.g. 5 or 00:00:05.0) between 0 and 86400.`, {
      param,
    });
  }
  return seconds;
}

/** A 0/1 flag (true/false also accepted); `fallback` when absent. */
export function parseFlag(value: string | undefined, param: string, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const normalized = value.trim().toLowerCase();
  if (normalized === '1' || normalized === 'true') return true;
  if (normalized === '0' || normalized === 'false') return false;
  throw new ValidationError(`${param} must be 0 or 1.`, { param });
}
