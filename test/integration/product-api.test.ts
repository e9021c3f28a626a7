import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo, probeDuration } from '../support/media';
import { cutForm, signedUpUserWithKey, waitForTask } from '../support/product-user';

const endpoints = testEndpoints();
const api = endpoints.productApi;
const work = mkdtempSync(join(tmpdir(), 'frameforge-it-'));
let apiKey = '';
let video: Buffer;

beforeAll(async () => {
  const path = join(work, 'input.mp4');
  await makeTestVideo(path, 6);
  video = readFileSync(path);
  apiKey = await signedUpUserWithKey(endpoints);
});

describe('product API, end to end', () => {
  it('answers the health check and lists its endpoints', async () => {
    const health = await fetch(`${api}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('ok');
    const index = (await (await fetch(`${api}/`)).json()) as { name: string; endpoints: { path: string }[] };
    expect(index.name).toBe('FrameForge API');
    expect(index.endpoints.map((e) => e.path)).toEqual(expect.arrayContaining(['/cut', '/task/{id}']));
  });

  it('cuts an uploaded video: 202, completed within 30 s, download lasts the requested duration', async () => {
    const response = await fetch(`${api}/cut`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey },
      body: cutForm({ start: '1', duration: '2.5' }, video),
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('retry-after')).toBeTruthy();
    const accepted = (await response.json()) as Record<string, string>;
    expect(accepted).toMatchObject({ status: 'accepted', message: 'accepted', object: 'task', endpoint: '/cut' });
    expect(accepted.status_url).toBe(`/task/${accepted.task_id}`);
    expect(response.headers.get('location')).toBe(`${api}/task/${accepted.task_id}`);

    const task = await waitForTask(api, apiKey, accepted.status_url ?? '', 30_000);
    expect(task.status).toBe('completed');
    expect(task.progress).toBe(100);
    expect(task.output).toMatchObject({ media_type: 'video/mp4' });

    const download = await fetch(`${api}/task/${accepted.task_id}/download`, { headers: { 'X-API-Key': apiKey } });
    expect(download.status).toBe(200);
    const out = join(work, 'cut.mp4');
    writeFileSync(out, Buffer.from(await download.arrayBuffer()));
    expect(await probeDuration(out)).toBeCloseTo(2.5, 1);
  });

  it('with download=1 waits for the result and redirects to it', async () => {
    const response = await fetch(`${api}/cut`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey },
      body: cutForm({ start: '0.5', duration: '1.5', download: '1' }, video),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('x-task-id')).toMatch(/^[0-9a-f-]{36}$/);
    const file = await fetch(response.headers.get('location') ?? '');
    const out = join(work, 'download-1.mp4');
    writeFileSync(out, Buffer.from(await file.arrayBuffer()));
    expect(await probeDuration(out)).toBeCloseTo(1.5, 1);
  });

  it('with download=1 reports a failed job as 422 with its error', async () => {
    const response = await fetch(`${api}/cut`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey },
      body: cutForm({ start: '60', download: '1' }, video),
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; param: string; hint: string } };
    expect(body.error).toMatchObject({ code: 'start_out_of_range', param: 'start' });
    expect(body.error.hint).toMatch(/Task [0-9a-f-]{36}/);
  });

  it("hides other users' tasks", async () => {
    const response = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ duration: '1' }, video) });
    const { task_id } = (await response.json()) as { task_id: string };
    const otherKey = await signedUpUserWithKey(endpoints);
    const peek = await fetch(`${api}/task/${task_id}`, { headers: { 'X-API-Key': otherKey } });
    expect(peek.status).toBe(404);
    const download = await fetch(`${api}/task/${task_id}/download`, { headers: { 'X-API-Key': otherKey } });
    expect(download.status).toBe(404);
  });

  it('fails a job whose start lies beyond the input, with a clear error naming start', async () => {
    const response = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ start: '60' }, video) });
    expect(response.status).toBe(202);
    const { status_url } = (await response.json()) as { status_url: string };
    const task = await waitForTask(api, apiKey, status_url, 30_000);
    expect(task.status).toBe('failed');
    expect(task.error).toMatchObject({ code: 'start_out_of_range', param: 'start' });
  });
});
