import type { ApiKeyRecord, ApiKeyRepository } from './api-key';
import { isWellFormedApiKey } from './api-key-format';
import { ApiKeyService, SUBSCRIPTION_REQUIRED, toApiKeyView } from './api-key-service';
import type { KeyPlanMirror } from './key-plan-mirror';

const NO_PLAN = { active: false, tier: 'basic' as const, status: 'none' };
const BOOST = { active: true, tier: 'boost' as const, status: 'active' };

/** Keys in memory, found by hash as the table's index finds them, and the gateway plan each twin sits in. */
function world() {
  const records = new Map<string, ApiKeyRecord>();
  const repository: Pick<ApiKeyRepository, 'create' | 'findByHash' | 'listActiveByUser'> = {
    create: async (record) => void records.set(record.id, record),
    findByHash: async (hash) => [...records.values()].find((record) => record.keyHash === hash),
    listActiveByUser: async (userId) => [...records.values()].filter((record) => record.userId === userId && record.isActive),
  };
  const twins = new Map<string, string | null>();
  const mirror: KeyPlanMirror = { place: async (id, plan) => void twins.set(id, plan), remove: async (id) => void twins.delete(id) };
  return { keys: new ApiKeyService(repository as ApiKeyRepository, mirror), records, twins };
}

describe('test keys', () => {
  it('are made without a subscription, as ff_test_ keys in the test plan, and authenticate as test', async () => {
    const { keys, twins } = world();
    const { key, record } = await keys.create('alice', 'sandbox', NO_PLAN, 'test');
    expect(key.startsWith('ff_test_')).toBe(true);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(toApiKeyView(record)).toMatchObject({ mode: 'test', masked_key: `${key.slice(0, 8)}…${key.slice(-4)}` });
    expect(twins.get(record.id)).toBe('test');
    await expect(keys.authenticate(key)).resolves.toEqual({ userId: 'alice', apiKeyId: record.id, mode: 'test' });
  });

  it('leave live keys to the plan: without one, a live key is refused', async () => {
    const { keys, records } = world();
    await expect(keys.create('alice', 'production', NO_PLAN)).rejects.toMatchObject({ message: SUBSCRIPTION_REQUIRED });
    expect(records.size).toBe(0);
    const { key, record } = await keys.create('alice', 'production', BOOST);
    expect(toApiKeyView(record).mode).toBe('live');
    await expect(keys.authenticate(key)).resolves.toMatchObject({ mode: 'live' });
  });

  it('stay in the test plan when the subscription changes or ends; live keys move', async () => {
    const { keys, twins } = world();
    const test = await keys.create('alice', 'sandbox', NO_PLAN, 'test');
    const live = await keys.create('alice', 'production', BOOST);
    await keys.placeKeysOf('alice', { active: true, tier: 'elite' });
    expect([twins.get(test.record.id), twins.get(live.record.id)]).toEqual(['test', 'elite']);
    await keys.placeKeysOf('alice', { active: false, tier: 'basic' });
    expect([twins.get(test.record.id), twins.get(live.record.id)]).toEqual(['test', null]);
  });

  it('read a key stored before modes existed as live', async () => {
    const { keys, records } = world();
    const { key, record } = await keys.create('alice', 'old', BOOST);
    records.set(record.id, { ...record });
    expect(record.mode).toBeUndefined();
    await expect(keys.authenticate(key)).resolves.toMatchObject({ mode: 'live' });
  });
});
