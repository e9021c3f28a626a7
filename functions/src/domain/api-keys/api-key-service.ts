import { randomUUID } from 'node:crypto';
import type { ApiKeyView } from '../../contracts/api-keys';
import type { Entitlement } from '../billing/entitlement';
import { AuthenticationError, ForbiddenError } from '../shared/errors';
import type { ApiKeyPrincipal, ApiKeyRecord, ApiKeyRepository } from './api-key';
import { generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey } from './api-key-format';
import { withoutUsagePlans, type KeyPlanMirror } from './key-plan-mirror';

export const SUBSCRIPTION_REQUIRED = 'An active subscription is required to create API keys. Choose a plan on the Subscription page.';

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
    private readonly mirror: KeyPlanMirror = withoutUsagePlans,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** spec §5: keys are created only while a subscription is active. */
  async create(userId: string, name: string, entitlement: Entitlement): Promise<{ key: string; record: ApiKeyRecord }> {
    if (!entitlement.active) throw new ForbiddenError(SUBSCRIPTION_REQUIRED, { hint: 'subscription_required' });
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
    await this.mirror.place(record.id, entitlement.tier);
    return { key, record };
  }

  /** Moves every active key of a user to the usage plan of their tier (or out of all plans). */
  async placeKeysOf(userId: string, entitlement: Pick<Entitlement, 'active' | 'tier'>): Promise<void> {
    const keys = await this.repository.listActiveByUser(userId);
    for (const key of keys) await this.mirror.place(key.id, entitlement.active ? entitlement.tier : null);
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
