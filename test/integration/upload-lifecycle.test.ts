import { testEndpoints } from '../support/endpoints';
import { signedUpUserWithKey } from '../support/product-user';

/**
 * The edges of `POST /uploads`: a single PUT signed for its announced size
 * takes no other length; a multipart upload completed with a part missing is
 * refused naming `parts`; an aborted one is gone for good; another user's
 * file_id is unknown; a Basic plan's limit is its own.
 */

const endpoints = testEndpoints();
const MiB = 1024 ** 2;
let key: string;
let basicKey: string;

beforeAll(async () => {
  [key, basicKey] = await Promise.all([signedUpUserWithKey(endpoints, 'elite'), signedUpUserWithKey(endpoints, 'basic')]);
});

const api = (path: string, init: RequestInit = {}, apiKey = key) =>
  fetch(`${endpoints.productApi}${path}`, { ...init, headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) } });
const create = async (body: Record<string, unknown>, apiKey = key) => {
  const answer = await api('/uploads', { method: 'POST', body: JSON.stringify(body) }, apiKey);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> & { file_id: string; upload_url: string; part_urls: { part_number: number; upload_url: string }[] } };
};

describe('a single PUT with its size announced', () => {
  it('refuses bytes of another length, then takes the file and says so', async () => {
    const { status, body } = await create({ file_name: 'small.bin', content_type: 'application/octet-stream', size: 1000 });
    expect(status).toBe(201);
    expect(body).toMatchObject({ upload_type: 'single', status: 'pending', size: 1000 });
    const wrong = await fetch(body.upload_url, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(999) });
    expect(wrong.status).toBe(403);
    const right = await fetch(body.upload_url, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(1000) });
    expect(right.status).toBe(200);
    expect(await (await api(`/uploads/${body.file_id}`)).json()).toMatchObject({ status: 'completed', size: 1000 });
  });
});

describe('a multipart upload', () => {
  it('is not completed with a part missing, and once aborted its file_id is refused', async () => {
    const { body } = await create({ file_name: 'parts.bin', content_type: 'application/octet-stream', size: 17 * MiB, upload_type: 'multipart' });
    expect(body).toMatchObject({ upload_type: 'multipart', part_count: 2 });
    const first = body.part_urls.find((p) => p.part_number === 1)?.upload_url ?? '';
    expect((await fetch(first, { method: 'PUT', body: new Uint8Array(16 * MiB) })).status).toBe(200);

    const incomplete = await api(`/uploads/${body.file_id}/complete`, { method: 'POST', body: '' });
    expect(incomplete.status).toBe(400);
    expect(((await incomplete.json()) as { error: { param: string; message: string } }).error).toMatchObject({ param: 'parts', message: 'Parts 2 of 2 have not arrived.' });

    const aborted = await api(`/uploads/${body.file_id}`, { method: 'DELETE' });
    expect(aborted.status).toBe(200);
    expect(await aborted.json()).toMatchObject({ status: 'aborted' });
    expect(await (await api(`/uploads/${body.file_id}`)).json()).toMatchObject({ status: 'aborted' });
    const cut = await api('/cut', { method: 'POST', body: JSON.stringify({ file_id: body.file_id, duration: 1 }) });
    expect(cut.status).toBe(409);
  });

  it('is unknown to another user', async () => {
    const { body } = await create({ file_name: 'mine.bin', size: 6 * MiB, upload_type: 'multipart' });
    const other = await api(`/uploads/${body.file_id}`, {}, basicKey);
    expect(other.status).toBe(404);
  });
});

describe("the Basic plan's limit", () => {
  it('refuses a 6 GiB file before any byte, naming the 5 GiB limit', async () => {
    const { status, body } = await create({ file_name: 'big.mp4', size: 6 * 1024 ** 3 }, basicKey);
    expect(status).toBe(413);
    expect(body.error).toMatchObject({ code: 'payload_too_large', param: 'size' });
    expect(String((body.error as { message: string }).message)).toContain('5 GiB');
  });
});
