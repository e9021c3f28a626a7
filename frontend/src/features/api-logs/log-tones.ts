export type StatusTone = 'success' | 'error' | 'warning';
export type DurationTone = 'normal' | 'slow' | 'verySlow';

/** Above this a request counts as slow (yellow); above the second as very slow (red). */
export const SLOW_MS = 5000;
export const VERY_SLOW_MS = 10_000;

/** The spec's colours: 2xx green, 4xx red, every other status (5xx and 3xx included) yellow. */
export function statusToneOf(statusCode: number): StatusTone {
  if (statusCode >= 200 && statusCode < 300) return 'success';
  if (statusCode >= 400 && statusCode < 500) return 'error';
  return 'warning';
}

export function durationToneOf(durationMs: number): DurationTone {
  if (durationMs > VERY_SLOW_MS) return 'verySlow';
  if (durationMs > SLOW_MS) return 'slow';
  return 'normal';
}
