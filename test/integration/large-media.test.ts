import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { signedUpUserWithKey, waitForTask } from '../support/product-user';
import { dropPartHalfway, makeLongSpokenClip, putPart, readSlice, type MultipartTicket } from './large-media-support';
import { probe, ProductClient, started, type Finished, type TaskView } from './product-endpoints-support';

/**
 * Real sizes, end to end on the local stack: a 90 s 1080p clip over 120 MB
 * goes up as a resumable multipart upload (a connection dropped half-way
 * through a part, the parts received listed, the rest sent, completed), is
 * cropped to 1280x720 (an output of tens of megabytes, stored in parts),
 * and feeds a chain cut → merge_urls → captions by output ids alone.
 */

const endpoints = testEndpoints();
const work = mkdtempSync(join(tmpdir(), 'frameforge-large-media-'));
const source = join(work, 'long-1080p.mp4');
const SECONDS = 90;
let client: ProductClient;
let size: number;

jest.setTimeout(600_000);

beforeAll(async () => {
  const [key, bytes] = await Promise.all([signedUpUserWithKey(endpoints, 'elite'), makeLongSpokenClip(source, SECONDS)]);
  client = new ProductClient(endpoints.productApi, key, work);
  size = bytes;
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const json = async <T>(response: Response, status: number): Promise<T> => {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
};

/** The whole client side of a resumable upload, with one connection dropped. */
async function uploadInParts(): Promise<{ fileId: string; received: MultipartTicket }> {
  const ticket = await json<MultipartTicket>(await client.post('/uploads', { file_name: 'long-1080p.mp4', content_type: 'video/mp4', size }), 201);
  expect(ticket).toMatchObject({ upload_type: 'multipart', status: 'pending', size, part_size: 16 * 1024 ** 2 });
  expect(ticket.part_count).toBe(Math.ceil(size / ticket.part_size));
  const slice = (n: number) => readSlice(source, (n - 1) * ticket.part_size, ticket.part_size);
  const urlOf = (n: number, urls = ticket.part_urls) => urls.find((u) => u.part_number === n)?.upload_url ?? '';
  const etags = new Map<number, string>();
  for (const n of [1, 2, 3]) etags.set(n, await putPart(urlOf(n), slice(n)));
  await dropPartHalfway(urlOf(4), slice(4));

  // Back after the dropped connection: what arrived, and fresh URLs for the rest.
  const rest = Array.from({ length: ticket.part_count - 3 }, (_, i) => i + 4);
  const status = await json<MultipartTicket>(await client.request(`/uploads/${ticket.file_id}?part_numbers=${rest[0]}-${rest.at(-1)}`), 200);
  expect(status.parts?.map((p) => p.part_number)).toEqual([1, 2, 3]);
  expect(status.parts?.map((p) => p.etag)).toEqual([1, 2, 3].map((n) => etags.get(n)));
  expect(status.received_bytes).toBe(3 * ticket.part_size);
  expect(status.part_urls.map((u) => u.part_number)).toEqual(rest);
  for (const n of rest) etags.set(n, await putPart(urlOf(n, status.part_urls), slice(n)));

  // Not usable before completion.
  const early = await client.post('/crop', { file_id: ticket.file_id, w: 1280, h: 720 });
  expect(early.status).toBe(409);
  const parts = [...etags].sort(([a], [b]) => a - b).map(([part_number, etag]) => ({ part_number, etag }));
  const done = await json<MultipartTicket>(await client.post(`/uploads/${ticket.file_id}/complete`, { parts }), 200);
  expect(done).toMatchObject({ status: 'completed', size });
  return { fileId: ticket.file_id, received: status };
}

let uploaded: Promise<string>;
let crop: Promise<Finished>;

beforeAll(() => {
  uploaded = started(uploadInParts().then(({ fileId }) => fileId));
  crop = started(uploaded.then((fileId) => client.run('/crop', { file_id: fileId, w: 1280, h: 720 }, 'crop.mp4', 540_000)));
});

describe('a 120 MB upload in parts', () => {
  it('resumes after a dropped connection, completes, and is refused above the plan limit before any byte', async () => {
    expect(size).toBeGreaterThan(120_000_000);
    await expect(uploaded).resolves.toMatch(/^upl_/);
    const tooLarge = await client.post('/uploads', { file_name: 'huge.mp4', content_type: 'video/mp4', size: 21 * 1024 ** 3 });
    const body = await json<{ error: { code: string; param: string; message: string } }>(tooLarge, 413);
    expect(body.error).toMatchObject({ code: 'payload_too_large', param: 'size' });
    expect(body.error.message).toContain('20 GiB');
  });

  it('is cropped to 1280x720 over the whole 90 s, an output well over 11 MiB', async () => {
    const { task, output } = await crop;
    expect(task.output?.file_size).toBeGreaterThan(11 * 1024 ** 2);
    expect(statSync(output).size).toBe(task.output?.file_size);
    const facts = await probe(output);
    expect(facts.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(facts.seconds).toBeCloseTo(SECONDS, 0);
    expect(facts.audio?.codec).toBe('aac');
  });

  it('gives the last frame of the whole upload in the answer, reading its end rather than all of it', async () => {
    const answer = await client.post('/frame/last', { file_id: await uploaded });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const frame = join(work, 'last-frame.jpg');
    writeFileSync(frame, Buffer.from(await answer.arrayBuffer()));
    expect((await probe(frame)).video).toMatchObject({ codec: 'mjpeg', width: 1920, height: 1080 });
  });
});

describe('outputs as inputs', () => {
  it('chains cut → merge_urls → captions by output ids, with no download in between', async () => {
    const fileId = await uploaded;
    const finished = async (path: string, body: Record<string, unknown>): Promise<TaskView & { output: { file_id: string } }> => {
      const accepted = await json<{ status_url: string }>(await client.post(path, body), 202);
      const task = (await waitForTask(client.api, client.key, accepted.status_url, 300_000)) as unknown as TaskView & { output: { file_id: string } };
      if (task.status !== 'completed') throw new Error(`${path} ended ${task.status}: ${JSON.stringify(task.error)}`);
      return task;
    };
    const [first, second] = await Promise.all([
      finished('/cut', { file_id: fileId, start: 0, duration: 4 }),
      finished('/cut', { file_id: fileId, start: 30, duration: 4 }),
    ]);
    expect(first.output.file_id).toMatch(/^out_[0-9a-f]{32}$/);
    const merged = await finished('/merge_urls', { file_ids: [first.output.file_id, second.output.file_id], transition: 'fade', duration: 0.5, v_preset: 'ultrafast' });
    const captioned = await client.run('/captions/auto', { video_file_id: merged.output.file_id, return_ass: true }, 'captioned.mp4', 300_000);
    const facts = await probe(captioned.output);
    expect(facts.seconds).toBeCloseTo(7.5, 0);
    expect(facts.video).toMatchObject({ width: 1920, height: 1080 });

    // Someone else's output id is unknown to this key.
    const other = new ProductClient(endpoints.productApi, await signedUpUserWithKey(endpoints, 'elite'), work);
    const refused = await other.post('/cut', { file_id: first.output.file_id, duration: 1 });
    expect(refused.status).toBe(404);
  });
});
