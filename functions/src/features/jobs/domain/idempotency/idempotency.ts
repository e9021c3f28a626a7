import { IdempotencyError, ValidationError } from '../../../../kernel/domain/errors';

/** What a key holds: the request it was first used with, and the task that request made once it did. */
export interface IdempotencyRecord {
  id: string;
  /** The owner, for an account's deletion. */
  userId: string;
  fingerprint: string;
  state: 'pending' | 'done';
  taskId?: string;
}

export interface IdempotencyStore {
  /** Claims `id` for a new request; answers the existing record when the key is already held. */
  claim(record: IdempotencyRecord, expiresAtSeconds: number, staleBeforeMs: number, nowMs: number): Promise<'claimed' | IdempotencyRecord>;
  complete(id: string, taskId: string): Promise<void>;
  release(id: string): Promise<void>;
}

/** Keys live 24 h, as Stripe's do. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A pending claim older than this is from a request that died: the next retry may take it over. */
const STALE_PENDING_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyStart = { kind: 'new'; id: string } | { kind: 'replay'; taskId: string };

/**
 * `Idempotency-Key` on job requests: the same key with the same request
 * answers the first task; with another request, or while the first is still
 * being made, it is a 409. Keys are per user.
 */
export class IdempotencyService {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly now: () => number = Date.now,
  ) {}

  async begin(userId: string, key: string, fingerprint: string): Promise<IdempotencyStart> {
    if (!KEY_PATTERN.test(key)) {
      throw new ValidationError('Idempotency-Key must be 1 to 255 visible ASCII characters.', {
        param: 'Idempotency-Key',
        hint: 'A UUID per logical request works well.',
      });
    }
    const id = `${userId}#${key}`;
    const now = this.now();
    const found = await this.store.claim({ id, userId, fingerprint, state: 'pending' }, Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS, now - STALE_PENDING_MS, now);
    if (found === 'claimed') return { kind: 'new', id };
    if (found.fingerprint !== fingerprint) {
      throw new IdempotencyError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.', {
        param: 'Idempotency-Key',
        hint: 'Use a new key for a new request; a key is kept for 24 hours.',
      });
    }
    if (found.state === 'done' && found.taskId) return { kind: 'replay', taskId: found.taskId };
    throw new IdempotencyError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed.', {
      param: 'Idempotency-Key',
      hint: 'Retry in a few seconds: the retry will answer the same task.',
    });
  }

  complete(id: string, taskId: string): Promise<void> {
    return this.store.complete(id, taskId);
  }

  /** The request failed before making a task: a retry with the same key may try again. */
  release(id: string): Promise<void> {
    return this.store.release(id);
  }
}
