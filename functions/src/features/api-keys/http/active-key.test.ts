import type { ApiKeyRecord } from '../domain/api-key';
import type { ApiKeyService } from '../domain/api-key-service';
import { ApiKeyExpiredError } from '../domain/key-expiry';
import { activeKey } from './active-key';

const KEY: ApiKeyRecord = { id: 'k1', userId: 'alice', name: 'ci', keyHash: 'h', maskedKey: 'ff_abcde…wxyz', isActive: true, createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null };

/** Runs the middleware's check for a request the authorizer let through (from its cache, say) with this key as stored now. */
async function check(stored: ApiKeyRecord | undefined) {
  const keys = { activeById: async () => (stored?.isActive ? stored : undefined) } as unknown as ApiKeyService;
  const request = { context: { caller: { userId: 'alice', apiKeyId: 'k1', tier: 'elite', mode: 'live' } } } as never;
  await activeKey(() => keys).before?.(request);
  return (request as { context: { apiKey?: ApiKeyRecord } }).context.apiKey;
}

describe('the key behind a request let through by a cached authorizer answer', () => {
  it('passes while its expiry lies ahead', async () => {
    await expect(check({ ...KEY, expiresAt: '2999-01-01T00:00:00.000Z' })).resolves.toMatchObject({ id: 'k1' });
  });

  it('is refused with the date it expired once the expiry passed, as a 401 naming the header', async () => {
    const refusal = check({ ...KEY, expiresAt: '2026-03-02T10:00:00.000Z' });
    await expect(refusal).rejects.toBeInstanceOf(ApiKeyExpiredError);
    await expect(refusal).rejects.toMatchObject({ code: 'unauthorized', param: 'X-API-Key', message: 'This API key expired on 2026-03-02T10:00:00.000Z.' });
  });

  it('is refused as revoked when it is no longer active', async () => {
    await expect(check({ ...KEY, isActive: false })).rejects.toMatchObject({ message: 'This API key was revoked.' });
  });
});
