import { FrameForge } from './client';
import { fakeFetch, json, type SeenRequest } from './testing/fake-fetch';

const API = 'http://api.test';
const bytes = (size: number) => new Uint8Array(Array.from({ length: size }, (_, i) => i % 251));

/** The API and storage as far as uploads go: single PUTs and multipart uploads of 4-byte parts. */
function uploadApi(options: { receivedParts?: number[] } = {}) {
  const stored = new Map<number, Uint8Array>();
  const parts = (count: number, numbers: number[]) => numbers.filter((n) => n <= count).map((n) => ({ part_number: n, upload_url: `http://storage.test/part/${n}` }));
  let announced = 0;
  const route = async (request: SeenRequest): Promise<Response> => {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname === '/uploads') {
      const body = JSON.parse(String(request.body)) as { size: number; upload_type: string; content_type: string };
      announced = body.size;
      if (body.upload_type === 'single') return json(201, { file_id: 'upl_single', upload_type: 'single', status: 'pending', upload_url: 'http://storage.test/single', headers: { 'Content-Type': body.content_type } });
      // The first two part URLs only: the rest must be asked for.
      return json(201, { file_id: 'upl_multi', upload_type: 'multipart', status: 'pending', part_size: 4, part_count: Math.ceil(body.size / 4), part_urls: parts(Math.ceil(body.size / 4), [1, 2]) });
    }
    if (request.method === 'PUT') {
      const number = Number(url.pathname.split('/').pop()) || 1;
      stored.set(number, new Uint8Array(await (request.body as Blob).arrayBuffer()));
      return new Response(null, { status: 200, headers: { ETag: `"etag-${number}"` } });
    }
    if (request.method === 'GET' && url.pathname === '/uploads/upl_multi') {
      const count = Math.ceil(announced / 4) || 3;
      const wanted = (url.searchParams.get('part_numbers') ?? '').split(',').filter(Boolean).flatMap((run) => {
        const [from, to = from] = run.split('-').map(Number);
        return Array.from({ length: (to ?? 0) - (from ?? 0) + 1 }, (_, i) => (from ?? 0) + i);
      });
      const received = (options.receivedParts ?? []).map((n) => ({ part_number: n, size: 4, etag: `"etag-${n}"` }));
      return json(200, { file_id: 'upl_multi', upload_type: 'multipart', status: 'pending', part_size: 4, part_count: count, parts: received, part_urls: parts(count, wanted) });
    }
    if (request.method === 'GET') return json(200, { file_id: 'upl_single', upload_type: 'single', status: 'completed' });
    if (url.pathname === '/uploads/upl_multi/complete') return json(200, { file_id: 'upl_multi', status: 'completed', ...(JSON.parse(String(request.body)) as object) });
    return json(404, { error: { code: 'not_found', message: request.url } });
  };
  return { ...fakeFetch(route), stored };
}

describe('uploads.upload', () => {
  it('sends a file up to the threshold as one PUT with the headers the API asked for', async () => {
    const api = uploadApi();
    const progress: number[] = [];
    const upload = await new FrameForge({ apiKey: 'k', baseUrl: API, fetch: api.fetch }).uploads.upload(new Blob([bytes(10)], { type: 'video/mp4' }), { fileName: 'a.mp4', onProgress: (sent) => progress.push(sent) });
    expect(upload).toMatchObject({ file_id: 'upl_single', status: 'completed' });
    expect(JSON.parse(String(api.seen[0]?.body))).toEqual({ file_name: 'a.mp4', content_type: 'video/mp4', size: 10, upload_type: 'single' });
    expect(api.seen[1]).toMatchObject({ method: 'PUT', url: 'http://storage.test/single', headers: { 'content-type': 'video/mp4' } });
    expect(api.seen[1]?.headers['x-api-key']).toBeUndefined();
    expect(api.stored.get(1)).toEqual(bytes(10));
    expect(progress).toEqual([10]);
  });

  it('sends a larger file in parts, asking for the part URLs it lacks, and completes with every ETag in order', async () => {
    const api = uploadApi();
    const upload = await new FrameForge({ apiKey: 'k', baseUrl: API, fetch: api.fetch }).uploads.upload(bytes(10), { multipartThreshold: 8, concurrency: 2 });
    expect(JSON.parse(String(api.seen[0]?.body))).toMatchObject({ size: 10, upload_type: 'multipart' });
    expect(api.seen.some((request) => request.url === `${API}/uploads/upl_multi?part_numbers=3`)).toBe(true);
    expect([...api.stored.keys()].sort()).toEqual([1, 2, 3]);
    expect(api.stored.get(3)).toEqual(bytes(10).slice(8));
    expect(upload).toMatchObject({ status: 'completed', parts: [1, 2, 3].map((n) => ({ part_number: n, etag: `"etag-${n}"` })) });
  });

  it('resume sends only the parts that did not arrive', async () => {
    const api = uploadApi({ receivedParts: [1, 3] });
    const upload = await new FrameForge({ apiKey: 'k', baseUrl: API, fetch: api.fetch }).uploads.resume('upl_multi', bytes(12));
    expect([...api.stored.keys()]).toEqual([2]);
    expect(upload).toMatchObject({ status: 'completed', parts: [1, 2, 3].map((n) => ({ part_number: n, etag: `"etag-${n}"` })) });
  });
});
