import { generateApiKeyRequestSchema, updateApiKeyRequestSchema, rollApiKeyRequestSchema } from '../contracts/api-keys';
import type { ApiKeyRecord, ApiKeyRepository } from './api-key';
import { ApiKeyService, toApiKeyView } from './api-key-service';
import { ApiKeyExpiredError } from './key-expiry';
import type { KeyPlanMirror } from './key-plan-mirror';

const ELITE = { active: true, tier: 'elite' as const, status: 'active' };
const NO_PLAN = { active: false, tier: 'basic' as const, status: 'none' };
const NOON = '2026-05-01T12:00:00.000Z';

/** Keys in memory, as the table holds them, the gateway twins, and a clock the test moves. */
function world() {
  const records = new Map<string, ApiKeyRecord>();
  const repository: ApiKeyRepository = {
    create: async (record) => void records.set(record.id, record),
    findByHash: async (hash) => [...records.values()].find((record) => record.keyHash === hash),
    listActiveByUser: async (userId) => [...records.values()].filter((record) => record.userId === userId && record.isActive),
    touchLastUsed: async () => undefined,
    get: async (id) => records.get(id),
    revoke: async () => false,
    update: async (id, changes) => {
      const record = records.get(id);
      if (!record?.isActive) return undefined;
      const updated = { ...record, ...changes };
      records.set(id, updated);
      return updated;
    },
  };
  const twins = new Map<string, string | null>();
  const mirror: KeyPlanMirror = { place: async (id, plan) => void twins.set(id, plan), remove: async (id) => void twins.delete(id) };
  const clock = { now: new Date(NOON) };
  const keys = new ApiKeyService(repository, mirror, undefined, () => clock.now);
  const later = (seconds: number) => (clock.now = new Date(Date.parse(NOON) + seconds * 1000));
  return { keys, records, twins, later };
}

describe('a key with an expiry', () => {
  it('authenticates until its expiry, then is refused with the date it expired (the authorizer’s check)', async () => {
    const { keys, later } = world();
    const { key } = await keys.create('alice', 'ci', ELITE, 'live', '2026-05-01T13:00:00Z');
    later(3599);
    await expect(keys.authenticate(key)).resolves.toMatchObject({ userId: 'alice' });
    later(3600);
    const refusal = keys.authenticate(key);
    await expect(refusal).rejects.toBeInstanceOf(ApiKeyExpiredError);
    await expect(refusal).rejects.toMatchObject({ message: 'This API key expired on 2026-05-01T13:00:00.000Z.', param: 'X-API-Key' });
  });

  it('is shown with its expiry, and never expires without one', async () => {
    const { keys } = world();
    const dated = await keys.create('alice', 'ci', ELITE, 'live', '2026-06-01T00:00:00+02:00');
    expect(toApiKeyView(dated.record).expires_at).toBe('2026-05-31T22:00:00.000Z');
    expect(toApiKeyView((await keys.create('alice', 'ci', ELITE)).record).expires_at).toBeNull();
  });

  it('cannot be created or set to expire in the past', async () => {
    const { keys } = world();
    await expect(keys.create('alice', 'ci', ELITE, 'live', NOON)).rejects.toMatchObject({ param: 'expires_at', message: 'expires_at must be in the future' });
    const { record } = await keys.create('alice', 'ci', ELITE);
    await expect(keys.update('alice', record.id, { expiresAt: '2026-04-30T00:00:00Z' })).rejects.toMatchObject({ param: 'expires_at' });
  });
});

describe('changing a key', () => {
  it('renames it (trimmed) and sets, then clears, its expiry', async () => {
    const { keys, later } = world();
    const { key, record } = await keys.create('alice', 'ci', ELITE);
    expect(await keys.update('alice', record.id, { name: '  deploys  ' })).toMatchObject({ name: 'deploys' });
    expect(await keys.update('alice', record.id, { expiresAt: '2026-05-02T00:00:00Z' })).toMatchObject({ name: 'deploys', expiresAt: '2026-05-02T00:00:00.000Z' });
    expect((await keys.update('alice', record.id, { expiresAt: null })).expiresAt).toBeNull();
    later(365 * 24 * 3600);
    await expect(keys.authenticate(key)).resolves.toMatchObject({ apiKeyId: record.id });
  });

  it("asks for a change, and treats another user's key as missing", async () => {
    const { keys } = world();
    const { record } = await keys.create('alice', 'ci', ELITE);
    await expect(keys.update('alice', record.id, {})).rejects.toMatchObject({ param: 'name', message: 'name or expires_at is required' });
    await expect(keys.update('bob', record.id, { name: 'mine' })).rejects.toMatchObject({ param: 'id', message: 'No such API key.' });
  });

  it('takes names by the rules of a new key', () => {
    const issue = (body: unknown) => updateApiKeyRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ name: '   ' })).toBe('name is required');
    expect(issue({ name: 'x'.repeat(101) })).toBe('name must be at most 100 characters');
    expect(issue({ name: 'a\u202Eb' })).toMatch(/^name /);
    expect(issue({ name: '<b>' })).toBe(generateApiKeyRequestSchema.safeParse({ name: '<b>' }).error?.issues[0]?.message);
    expect(issue({ expires_at: 'tomorrow' })).toMatch(/^expires_at must be a date and time/);
    expect(updateApiKeyRequestSchema.parse({ name: ' prod ', expires_at: null })).toEqual({ name: 'prod', expires_at: null });
  });
});

describe('rolling a key', () => {
  it('makes a new key at once, in its own gateway twin, while the old one works until the overlap ends', async () => {
    const { keys, twins, later } = world();
    const old = await keys.create('alice', 'ci', ELITE);
    const rolled = await keys.roll('alice', old.record.id, 3600, ELITE);
    expect(rolled.key).not.toBe(old.key);
    expect(rolled.record).toMatchObject({ name: 'ci', userId: 'alice', isActive: true });
    expect(rolled.record.expiresAt).toBeUndefined();
    expect(rolled.previous.expiresAt).toBe('2026-05-01T13:00:00.000Z');
    expect([...twins]).toEqual([
      [old.record.id, 'elite'],
      [rolled.record.id, 'elite'],
    ]);
    later(3599);
    await expect(keys.authenticate(old.key)).resolves.toMatchObject({ apiKeyId: old.record.id });
    later(3600);
    await expect(keys.authenticate(old.key)).rejects.toBeInstanceOf(ApiKeyExpiredError);
    await expect(keys.authenticate(rolled.key)).resolves.toMatchObject({ apiKeyId: rolled.record.id });
  });

  it('stops the old key at once with no overlap, and keeps an earlier expiry it had', async () => {
    const { keys } = world();
    const now = await keys.create('alice', 'ci', ELITE);
    await keys.roll('alice', now.record.id, 0, ELITE);
    await expect(keys.authenticate(now.key)).rejects.toBeInstanceOf(ApiKeyExpiredError);
    const soon = await keys.create('alice', 'ci', ELITE, 'live', '2026-05-01T12:30:00Z');
    expect((await keys.roll('alice', soon.record.id, 86_400, ELITE)).previous.expiresAt).toBe('2026-05-01T12:30:00.000Z');
  });

  it('keeps the mode: a test key rolls into a test key without a plan, a live key needs one', async () => {
    const { keys, records } = world();
    const test = await keys.create('alice', 'sandbox', NO_PLAN, 'test');
    const rolled = await keys.roll('alice', test.record.id, 60, NO_PLAN);
    expect(rolled.key.startsWith('ff_test_')).toBe(true);
    const live = await keys.create('alice', 'ci', ELITE);
    await expect(keys.roll('alice', live.record.id, 60, NO_PLAN)).rejects.toMatchObject({ hint: 'subscription_required' });
    expect(records.get(live.record.id)?.expiresAt).toBeUndefined();
  });

  it('takes an overlap of 0 to 7 days in whole seconds', () => {
    const ok = (overlap: unknown) => rollApiKeyRequestSchema.safeParse({ overlap_seconds: overlap }).success;
    expect([0, 3600, 604_800].map(ok)).toEqual([true, true, true]);
    expect([-1, 1.5, 604_801, '60', undefined].map(ok)).toEqual([false, false, false, false, false]);
  });
});
