import { randomUUID } from 'node:crypto';
import type { ApiKeyView } from '../contracts/api-keys';
import { modeOf, type ApiKeyMode } from '../../../kernel/contracts/key-modes';
import type { Entitlement } from './entitlement';
import { AuthenticationError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../kernel/domain/errors';
import type { Sealer } from '../../../kernel/domain/sealer';
import type { ApiKeyChanges, ApiKeyPrincipal, ApiKeyRecord, ApiKeyRepository } from './api-key';
import { generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey } from './api-key-format';
import { assertNotExpired, chosenExpiry, rolledExpiry } from './key-expiry';
import { withoutUsagePlans, type KeyPlanMirror } from './key-plan-mirror';

export const SUBSCRIPTION_REQUIRED = 'An active subscription is required to create live API keys. Choose a plan on the Subscription page, or create a test key.';

/** The sealing context of a key: it opens only as this user's key with this id. */
const apiKeyContext = (userId: string, keyId: string) => ({ purpose: 'api_key', userId, keyId });

/** The instant's second, as stored: ISO strings of one form compare as their times do. */
export const secondOf = (at: Date): string => new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString();

export function toApiKeyView(record: ApiKeyRecord): ApiKeyView {
  return {
    id: record.id,
    name: record.name,
    masked_key: record.maskedKey,
    is_active: record.isActive,
    mode: modeOf(record),
    created_at: record.createdAt,
    last_used: record.lastUsedAt,
    expires_at: record.expiresAt ?? null,
  };
}

export class ApiKeyService {
  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly mirror: KeyPlanMirror = withoutUsagePlans,
    private readonly sealer?: Sealer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** spec §5: live keys are created only while a subscription is active; test keys by every signed-up user. */
  async create(userId: string, name: string, entitlement: Entitlement, mode: ApiKeyMode = 'live', expiresAt?: string): Promise<{ key: string; record: ApiKeyRecord }> {
    if (mode === 'live' && !entitlement.active) throw new ForbiddenError(SUBSCRIPTION_REQUIRED, { hint: 'subscription_required' });
    const expiry = expiresAt === undefined ? undefined : chosenExpiry(expiresAt, this.now());
    const key = generateApiKey(mode);
    const id = randomUUID();
    const record: ApiKeyRecord = {
      id,
      userId,
      name: name.trim(),
      keyHash: hashApiKey(key),
      maskedKey: maskApiKey(key),
      ...(this.sealer ? { sealedKey: await this.sealer.seal(key, apiKeyContext(userId, id)) } : {}),
      isActive: true,
      ...(mode === 'test' ? { mode } : {}),
      createdAt: this.now().toISOString(),
      lastUsedAt: null,
      ...(expiry ? { expiresAt: expiry } : {}),
    };
    await this.repository.create(record);
    await this.mirror.place(record.id, mode === 'test' ? 'test' : entitlement.tier);
    return { key, record };
  }

  /** Moves every active live key of a user to the usage plan of their tier (or out of all plans); test keys stay in theirs. */
  async placeKeysOf(userId: string, entitlement: Pick<Entitlement, 'active' | 'tier'>): Promise<void> {
    const keys = await this.repository.listActiveByUser(userId);
    for (const key of keys.filter((k) => modeOf(k) === 'live')) await this.mirror.place(key.id, entitlement.active ? entitlement.tier : null);
  }

  /** Active keys of a user, newest first. */
  async listActive(userId: string): Promise<ApiKeyRecord[]> {
    const keys = await this.repository.listActiveByUser(userId);
    return keys.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** One active key of this user; another user's key is indistinguishable from a missing one. */
  async getOwned(userId: string, id: string): Promise<ApiKeyRecord> {
    const record = /^[0-9a-f-]{36}$/.test(id) ? await this.repository.get(id) : undefined;
    if (!record || record.userId !== userId || !record.isActive) throw new NotFoundError('No such API key.', { param: 'id' });
    return record;
  }

  /** The full key, opened for its owner only. */
  async reveal(userId: string, id: string): Promise<string> {
    const record = await this.getOwned(userId, id);
    if (!record.sealedKey || !this.sealer) {
      throw new ConflictError('This key was created before keys could be revealed; create a new one to see its value again.', { param: 'id' });
    }
    return this.sealer.open(record.sealedKey, apiKeyContext(userId, id));
  }

  /** Revokes a key: refused from now on by every request that reaches our code, and its gateway twin deleted. */
  async revoke(userId: string, id: string): Promise<void> {
    await this.getOwned(userId, id);
    if (!(await this.repository.revoke(id, this.now().toISOString()))) throw new NotFoundError('No such API key.', { param: 'id' });
    await this.mirror.remove(id);
  }

  /** Renames a key, sets its expiry or clears it (same name rules as a new key's; an expiry set must lie ahead). */
  async update(userId: string, id: string, changes: { name?: string; expiresAt?: string | null }): Promise<ApiKeyRecord> {
    // An id that is not the caller's key is a 404 whatever the body says, as for every route of a key.
    await this.getOwned(userId, id);
    if (changes.name === undefined && changes.expiresAt === undefined) throw new ValidationError('name or expires_at is required', { param: 'name' });
    const applied: ApiKeyChanges = {
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
      ...(changes.expiresAt !== undefined ? { expiresAt: changes.expiresAt === null ? null : chosenExpiry(changes.expiresAt, this.now()) } : {}),
    };
    const updated = await this.repository.update(id, applied);
    if (!updated) throw new NotFoundError('No such API key.', { param: 'id' });
    return updated;
  }

  /**
   * Rolls a key: a new one at once (same name and mode, in its own usage
   * plan twin, its secret shown once), while the old one keeps working for
   * the overlap and then is refused as expired. The new key is made first:
   * a failure leaves the old key as it was.
   */
  async roll(userId: string, id: string, overlapSeconds: number, entitlement: Entitlement): Promise<{ key: string; record: ApiKeyRecord; previous: ApiKeyRecord }> {
    const old = await this.getOwned(userId, id);
    const { key, record } = await this.create(userId, old.name, entitlement, modeOf(old));
    const previous = await this.repository.update(id, { expiresAt: rolledExpiry(old.expiresAt, this.now(), overlapSeconds) });
    if (!previous) throw new NotFoundError('No such API key.', { param: 'id' });
    return { key, record, previous };
  }

  /** The key behind an authorized request, if it is still active (revocation is seen at once, whatever the gateway cached). */
  async activeById(id: string): Promise<ApiKeyRecord | undefined> {
    const record = await this.repository.get(id);
    return record?.isActive ? record : undefined;
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
    assertNotExpired(record, this.now());
    return { userId: record.userId, apiKeyId: record.id, mode: modeOf(record) };
  }

  /**
   * Records a use of the key, to the second. A key known to be used in this
   * second already is not written again: at most one write a second per key,
   * however many requests it makes.
   */
  async markUsed(apiKeyId: string, lastKnown: string | null = null): Promise<void> {
    const second = secondOf(this.now());
    if (lastKnown !== null && lastKnown >= second) return;
    await this.repository.touchLastUsed(apiKeyId, second);
  }
}
