/**
 * A key's expiry as the portal picks it: a day (`<input type="date">`), the
 * key stopping at the end of that day in the user's own time zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of an instant in the local time zone, as a date input holds it. */
export function localDay(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The instant a key picked to expire on `day` stops: the last second of that local day; null for no day or a malformed one. */
export function endOfDay(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const end = new Date(year, month - 1, date, 23, 59, 59);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** The day a stored expiry falls on, for the date input; empty without one. */
export function dayOf(expiresAt: string | null): string {
  if (!expiresAt) return '';
  const at = new Date(expiresAt);
  return Number.isNaN(at.getTime()) ? '' : localDay(at);
}

export type ExpiryState = 'never' | 'expires' | 'expired';

/** Whether a key shown at `now` expires some day, or has stopped already. */
export function expiryState(expiresAt: string | null, now: Date): ExpiryState {
  if (!expiresAt) return 'never';
  return Date.parse(expiresAt) <= now.getTime() ? 'expired' : 'expires';
}

/** How long a rolled key keeps working, as the roll dialog offers it. */
export const ROLL_OVERLAPS = [
  { id: 'now', seconds: 0 },
  { id: '1h', seconds: 3600 },
  { id: '24h', seconds: 86_400 },
  { id: '3d', seconds: 3 * 86_400 },
  { id: '7d', seconds: 7 * 86_400 },
] as const;
export type RollOverlapId = (typeof ROLL_OVERLAPS)[number]['id'];
