import { randomUUID } from 'node:crypto';
import type { ApiKeyView } from '../../contracts/api-keys';
import { AuthenticationError } from '../shared/errors';
import type { ApiKeyPrincipal, ApiKeyRecord, ApiKeyRepository } from './api-key';
import { generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey } from './api-key-format';

export function toApiKeyView(record: ApiKeyRecord): ApiKeyView {
  return {
    id: record.id,
    name: record.name,
    masked_key: record.maskedKey,
    is_active: record.isActive,
    created_at: record.createdAt,
    last_used: record.lastUsedAt,
  };
}

export class ApiKeyService {
  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(userId: string, name: string): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = generateApiKey();
    const record: ApiKeyRecord = {
      id: randomUUID(),
      userId,
      name: name.trim(),
      keyHash: hashApiKey(key),
      maskedKey: maskApiKey(key),
      isActive: true,
      createdAt: this.now().toISOString(),
      lastUsedAt: null,
    };
    await this.repository.create(record);
    return { key, record };
  }

  /** Active keys of a user, newest first. */
  async listActive(userId: string): Promise<ApiKeyRecord[]> {
    const keys = await this.repository.listActiveByUser(userId);
    return keys.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Resolves a presented key to its owner, or refuses it. */
  async authenticate(presented: string | undefined): Promise<ApiKeyPrincipal> {
    if (!presented) {
      throw new AuthenticationError('Missing API key.', {
        param: 'X-API-Key',
        hint: 'Send your key in the X-API-Key header.',
      });
    }
    const invalid = new AuthenticationError('Invalid API key.', {
      param: 'X-API-Key',
      hint: 'Check the key on the API Keys page of the portal.',
    });
    if (!isWellFormedApiKey(presented)) throw invalid;
    const record = await this.repository.findByHash(hashApiKey(presented));
    if (!record || !record.isActive) throw invalid;
    return { userId: record.userId, apiKeyId: record.id };
  }

  async markUsed(apiKeyId: string): Promise<void> {
    await this.repository.touchLastUsed(apiKeyId, this.now().toISOString());
  }
}
