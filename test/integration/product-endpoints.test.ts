import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { signedUpUserWithKey } from '../support/product-user';
import { form, makeClip, probe, ProductClient, started, WITHIN_A_FRAME, type Finished } from './product-endpoints-support';

/**
 * The public endpoints that describe the API, /frame/last, /cut (from a
 * file_id and with download=1), /uploads and the task endpoints, end to end
 * through the running stack with a real Elite key.
 */

const endpoints = testEndpoints();
const api = endpoints.productApi;
const work = mkdtempSync(join(tmpdir(), 'frameforge-endpoints-'));
let client: ProductClient;
let clip: Buffer;
let cutFromFileId: Promise<Finished>;
let frameTaskId = '';

/** Every path of the product API, with the method it answers. */
const PRODUCT_PATHS: [method: string, path: string][] = [
  ['GET', '/healthz'],
  ['GET', '/'],
  ['GET', '/openapi.json'],
  ['POST', '/frame/last'],
  ['POST', '/cut'],
  ['POST', '/crop'],
  ['POST', '/merge'],
  ['POST', '/merge_urls'],
  ['POST', '/redub'],
  ['POST', '/redub_tts'],
  ['POST', '/redub_vc'],
  ['GET', '/eleven/voices'],
  ['POST', '/captions/auto'],
  ['POST', '/uploads'],
  ['GET', '/file'],
  ['GET', '/task/{id}'],
  ['GET', '/task/{id}/download'],
];

beforeAll(async () => {
  const path = join(work, 'clip.mp4');
  const [key] = await Promise.all([signedUpUserWithKey(endpoints, 'elite'), makeClip(path, 3)]);
  clip = readFileSync(path);
  client = new ProductClient(api, key, work);
  // Runs while the describing endpoints are checked; the /cut test awaits it.
  cutFromFileId = started(client.upload(clip, 'clip.mp4', 'video/mp4').then((fileId) => client.run('/cut', { file_id: fileId, start: 0.5, duration: 1.5 }, 'cut.mp4')));
});

describe('describing the API', () => {
  it('GET /healthz answers ok', async () => {
    const health = await fetch(`${api}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('ok');
  });

  it('GET / lists every endpoint with its method', async () => {
    const index = await fetch(`${api}/`);
    expect(index.status).toBe(200);
    const body = (await index.json()) as { name: string; endpoints: { method: string; path: string; auth: string }[] };
    expect(body.name).toBe('FrameForge API');
    const listed = body.endpoints.map((e) => [e.method, e.path]);
    expect(listed).toEqual(expect.arrayContaining(PRODUCT_PATHS));
    expect(body.endpoints.find((e) => e.path === '/cut')).toMatchObject({ method: 'POST', path: '/cut', auth: 'X-API-Key' });
  });

  it('GET /openapi.json is OpenAPI 3.1 with an operation per endpoint', async () => {
    const response = await fetch(`${api}/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    for (const [method, path] of PRODUCT_PATHS) expect(doc.paths[path]?.[method.toLowerCase()]).toBeDefined();
  });
});

describe('POST /frame/last', () => {
  it('answers the JPEG itself: 200, image/jpeg, X-Task-Id, the requested width', async () => {
    const response = await client.post('/frame/last', form({ width: '160', jpg_quality: '4' }, [['file', clip, 'clip.mp4', 'video/mp4']]));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const taskId = response.headers.get('x-task-id') ?? '';
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
    const path = join(work, 'frame.jpg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    writeFileSync(path, bytes);
    const image = await probe(path);
    // width only: the height follows the 4:3 picture.
    expect(image.video).toMatchObject({ codec: 'mjpeg', width: 160, height: 120 });
    // The answer is a task like any other: completed, its output the same image.
    const task = (await (await client.request(`/task/${taskId}`)).json()) as { status: string; output: { media_type: string; file_size: number } };
    expect(task.status).toBe('completed');
    expect(task.output).toMatchObject({ media_type: 'image/jpeg', file_size: bytes.length });
    frameTaskId = taskId;
  });

  it('its task view names the endpoint /frame/last', async () => {
    const task = (await (await client.request(`/task/${frameTaskId}`)).json()) as { endpoint: string };
    expect(task.endpoint).toBe('/frame/last');
  });
});

describe('POST /cut', () => {
  it('from a file_id of POST /uploads: 202, completed, the requested 1.5 s with both streams', async () => {
    const { accepted, task, output } = await cutFromFileId;
    expect(accepted).toMatchObject({ status: 'accepted', endpoint: '/cut', status_url: `/task/${accepted.task_id}` });
    expect(task).toMatchObject({ status: 'completed', progress: 100, endpoint: '/cut' });
    expect(task.output).toMatchObject({ media_type: 'video/mp4', file_url: `${api}/task/${accepted.task_id}/download` });
    const facts = await probe(output);
    expect(facts.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(facts.audio?.codec).toBe('aac');
    expect(Math.abs(facts.seconds - 1.5)).toBeLessThanOrEqual(WITHIN_A_FRAME);
    expect(task.output?.file_size).toBe(readFileSync(output).length);
  });

  it('with download=1 (an upload) answers 303 to the file', async () => {
    const response = await client.post('/cut', form({ start: '1', duration: '1', download: '1' }, [['file', clip, 'clip.mp4', 'video/mp4']]));
    expect(response.status).toBe(303);
    expect(response.headers.get('x-task-id')).toMatch(/^[0-9a-f-]{36}$/);
    const output = await client.fetchTo(response.headers.get('location') ?? '', 'cut-download.mp4');
    const facts = await probe(output);
    expect(facts.video?.codec).toBe('h264');
    expect(Math.abs(facts.seconds - 1)).toBeLessThanOrEqual(WITHIN_A_FRAME);
  });
});

describe('GET /task/{id} and /task/{id}/download', () => {
  it('download answers 302 to a signed URL of the output', async () => {
    const { accepted, output } = await cutFromFileId;
    const redirect = await client.request(`/task/${accepted.task_id}/download`);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location).toMatch(/X-Amz-Signature=/);
    const bytes = Buffer.from(await (await fetch(location)).arrayBuffer());
    expect(bytes.equals(readFileSync(output))).toBe(true);
  });

  it('an unknown task is 404 on both', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await client.request(`/task/${unknown}`)).status).toBe(404);
    expect((await client.request(`/task/${unknown}/download`)).status).toBe(404);
  });
});
