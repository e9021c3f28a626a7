import type { ApiKeyRecord, ApiKeyRepository } from './api-key';
import { ApiKeyService } from './api-key-service';
import type { KeyPlanMirror } from './key-plan-mirror';

const KEY_ID = '0b9e3c1e-4a55-4c7e-9a43-6d1f0e2b7a10';

function world() {
  const records = new Map<string, ApiKeyRecord>([
    [KEY_ID, { id: KEY_ID, userId: 'alice', name: 'ci', keyHash: 'h', maskedKey: 'ff_abcde…wxyz', isActive: true, createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null }],
  ]);
  const repository = {
    get: async (id: string) => records.get(id),
    revoke: async (id: string) => {
      const record = records.get(id);
      if (!record?.isActive) return false;
      records.set(id, { ...record, isActive: false });
      return true;
    },
  } as unknown as ApiKeyRepository;
  // The gateway twins as API Gateway would hold them: one per product key until it is deleted.
  const twins = new Map<string, string | null>([[KEY_ID, 'elite']]);
  const mirror: KeyPlanMirror = {
    place: async (id, tier) => void twins.set(id, tier),
    remove: async (id) => void twins.delete(id),
  };
  return { keys: new ApiKeyService(repository, mirror), records, twins };
}

describe('revoking a key', () => {
  it('deletes its gateway twin, not only its place in a plan', async () => {
    const { keys, records, twins } = world();
    await keys.revoke('alice', KEY_ID);
    expect(records.get(KEY_ID)?.isActive).toBe(false);
    expect(twins.has(KEY_ID)).toBe(false);
  });

  it("leaves another user's key and its twin alone", async () => {
    const { keys, records, twins } = world();
    await expect(keys.revoke('bob', KEY_ID)).rejects.toMatchObject({ param: 'id' });
    expect(records.get(KEY_ID)?.isActive).toBe(true);
    expect(twins.get(KEY_ID)).toBe('elite');
  });
});
