/** An API key as stored: the hash for look-up, the mask for display, never the key. */
export interface ApiKeyRecord {
  id: string;
  userId: string;
  name: string;
  keyHash: string;
  maskedKey: string;
  isActive: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What an authenticated request carries about its caller. */
export interface ApiKeyPrincipal {
  userId: string;
  apiKeyId: string;
}

export interface ApiKeyRepository {
  create(record: ApiKeyRecord): Promise<void>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  listActiveByUser(userId: string): Promise<ApiKeyRecord[]>;
  touchLastUsed(id: string, at: string): Promise<void>;
}
