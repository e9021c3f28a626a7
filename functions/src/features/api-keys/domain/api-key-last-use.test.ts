import type { ApiKeyRepository } from './api-key';
import { ApiKeyService, secondOf } from './api-key-service';

function service(at: string) {
  const touched: [string, string][] = [];
  const repository = { touchLastUsed: async (id: string, when: string) => void touched.push([id, when]) } as unknown as ApiKeyRepository;
  return { keys: new ApiKeyService(repository, undefined, undefined, () => new Date(at)), touched };
}

describe("a key's last use", () => {
  it('is recorded to the second of the request', async () => {
    const { keys, touched } = service('2026-03-01T10:00:05.734Z');
    await keys.markUsed('k1', null);
    expect(touched).toEqual([['k1', '2026-03-01T10:00:05.000Z']]);
  });

  it('is not written again within the second it already holds', async () => {
    const { keys, touched } = service('2026-03-01T10:00:05.999Z');
    await keys.markUsed('k1', '2026-03-01T10:00:05.000Z');
    // A value of the old, millisecond form inside the same second counts too.
    await keys.markUsed('k1', '2026-03-01T10:00:05.120Z');
    expect(touched).toEqual([]);
  });

  it('is written as soon as the stored value is from an earlier second, however close', async () => {
    const { keys, touched } = service('2026-03-01T10:00:06.001Z');
    await keys.markUsed('k1', '2026-03-01T10:00:05.999Z');
    expect(touched).toEqual([['k1', '2026-03-01T10:00:06.000Z']]);
  });

  it('keeps seconds comparable as text', () => {
    expect(secondOf(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31T23:59:59.000Z');
    expect(secondOf(new Date('2026-12-31T23:59:59.999Z')) < secondOf(new Date('2027-01-01T00:00:00.000Z'))).toBe(true);
  });
});
