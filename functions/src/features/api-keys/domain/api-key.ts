import type { ApiKeyMode } from '../../../kernel/contracts/key-modes';

/**
 * An API key as stored: the hash for look-up, the mask for display, and the
 * key itself only sealed (opened for its owner's reveal request), never plain.
 */
export interface ApiKeyRecord {
  id: string;
  userId: string;
  name: string;
  keyHash: string;
  maskedKey: string;
  /** The key sealed under the data key, bound to its owner and id; absent on keys made before keys could be revealed. */
  sealedKey?: string;
  isActive: boolean;
  /** Absent on keys made before test keys existed: those are live. */
  mode?: ApiKeyMode;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt?: string | null;
  /** When the key stops working (the end of a roll's overlap included); absent or null: never. */
  expiresAt?: string | null;
}

/** What a key's owner may change on it: `expiresAt: null` clears the expiry. */
export interface ApiKeyChanges {
  name?: string;
  expiresAt?: string | null;
}

export type { ApiKeyPrincipal } from '../../../kernel/contracts/caller';

export interface ApiKeyRepository {
  create(record: ApiKeyRecord): Promise<void>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  listActiveByUser(userId: string): Promise<ApiKeyRecord[]>;
  /** Sets the last use to `at` unless a later (or the same) one is stored already, or the key is gone. */
  touchLastUsed(id: string, at: string): Promise<void>;
  get(id: string): Promise<ApiKeyRecord | undefined>;
  /** Marks the key revoked; false when it was not active. */
  revoke(id: string, at: string): Promise<boolean>;
  /** Applies the changes to an active key and returns it as it is now; undefined when it was not active. */
  update(id: string, changes: ApiKeyChanges): Promise<ApiKeyRecord | undefined>;
}
