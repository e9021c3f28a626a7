import { AuthenticationError, ValidationError } from '../../../kernel/domain/errors';
import type { ApiKeyRecord } from './api-key';

/** A key past its expiry is refused as a revoked one is, saying when it stopped. */
export class ApiKeyExpiredError extends AuthenticationError {
  constructor(readonly expiredAt: string) {
    super(`This API key expired on ${expiredAt}.`, {
      param: 'X-API-Key',
      hint: 'Use the key that replaced it, or create a new one on the API Keys page of the portal.',
    });
  }
}

/** Whether the key has stopped working at `now`: its expiry is the first instant it is refused. */
export function isExpired(record: Pick<ApiKeyRecord, 'expiresAt'>, now: Date): boolean {
  return typeof record.expiresAt === 'string' && Date.parse(record.expiresAt) <= now.getTime();
}

/** Refuses a key past its expiry. */
export function assertNotExpired(record: Pick<ApiKeyRecord, 'expiresAt'>, now: Date): void {
  if (isExpired(record, now) && record.expiresAt) throw new ApiKeyExpiredError(record.expiresAt);
}

/**
 * An expiry the owner picks (when creating a key or changing one) must lie
 * ahead: a key meant to stop now is revoked, or rolled with no overlap.
 * Stored as UTC ISO, so expiries compare as text as their instants do.
 */
export function chosenExpiry(expiresAt: string, now: Date): string {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) throw new ValidationError('expires_at must be a date and time such as 2026-12-31T23:59:00Z', { param: 'expires_at' });
  if (at <= now.getTime()) throw new ValidationError('expires_at must be in the future', { param: 'expires_at' });
  return new Date(at).toISOString();
}

/** The expiry of a rolled key: the end of its overlap, unless it was to stop sooner anyway. */
export function rolledExpiry(current: string | null | undefined, now: Date, overlapSeconds: number): string {
  const end = new Date(now.getTime() + overlapSeconds * 1000).toISOString();
  return typeof current === 'string' && Date.parse(current) < Date.parse(end) ? new Date(Date.parse(current)).toISOString() : end;
}
