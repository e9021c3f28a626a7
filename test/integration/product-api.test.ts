import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalPortalClient } from '@frameforge/functions/local/portal-client';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo, probeDuration } from '../support/media';

const endpoints = testEndpoints();
const api = endpoints.productApi;
const work = mkdtempSync(join(tmpdir(), 'frameforge-it-'));
let apiKey = '';
let video: Buffer;

async function signedUpUserWithKey(): Promise<string> {
  const client = await LocalPortalClient.connect(endpoints);
  const email = `it-${Date.now()}@example.com`;
  const since = Date.now() - 1000;
  await client.signUp(email, 'secret-pass');
  const landing = await client.confirmFromInbox(email, since);
  expect(landing).toBe(`${endpoints.portal}/login?verified=1`);
  const token = await client.signIn(email, 'secret-pass');
  const { key, apiKey: record } = await client.createApiKey(token, 'integration');
  expect(record.masked_key).toBe(`${key.slice(0, 8)}…${key.slice(-4)}`);
  return key;
}

function cutForm(fields: Record<string, string>, file?: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'video/mp4' }), 'input.mp4');
  return form;
}

async function waitForTask(statusUrl: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = (await (await fetch(`${api}${statusUrl}`, { headers: { 'X-API-Key': apiKey } })).json()) as Record<string, unknown>;
    if (['completed', 'failed', 'canceled'].includes(String(task.status))) return task;
    if (Date.now() > deadline) throw new Error(`task still ${String(task.status)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  const path = join(work, 'input.mp4');
  await makeTestVideo(path, 6);
  video = readFileSync(path);
  apiKey = await signedUpUserWithKey();
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

    const task = await waitForTask(accepted.status_url ?? '', 30_000);
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
    const otherKey = await signedUpUserWithKey();
    const peek = await fetch(`${api}/task/${task_id}`, { headers: { 'X-API-Key': otherKey } });
    expect(peek.status).toBe(404);
    const download = await fetch(`${api}/task/${task_id}/download`, { headers: { 'X-API-Key': otherKey } });
    expect(download.status).toBe(404);
  });

  it('fails a job whose start lies beyond the input, with a clear error naming start', async () => {
    const response = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ start: '60' }, video) });
    expect(response.status).toBe(202);
    const { status_url } = (await response.json()) as { status_url: string };
    const task = await waitForTask(status_url, 30_000);
    expect(task.status).toBe('failed');
    expect(task.error).toMatchObject({ code: 'start_out_of_range', param: 'start' });
  });
});

describe('product API, bad input', () => {
  const expectJsonError = async (response: Response, status: number, param?: string | null) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { error: { code: string; message: string; param: string | null } };
    expect(body.error.message).toBeTruthy();
    if (param !== undefined) expect(body.error.param).toBe(param);
  };

  it('answers 404 JSON to an unknown route', async () => {
    await expectJsonError(await fetch(`${api}/no-such-thing`), 404);
    await expectJsonError(await fetch(`${api}/healthz`, { method: 'DELETE' }), 404);
  });

  it('answers 401 JSON to a missing or wrong key', async () => {
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', body: cutForm({}, video) }), 401, 'X-API-Key');
    const wrong = `ff_${'A'.repeat(49)}`;
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': wrong }, body: cutForm({}, video) }), 401, 'X-API-Key');
    await expectJsonError(await fetch(`${api}/task/x`, { headers: { 'X-API-Key': 'nonsense' } }), 401, 'X-API-Key');
  });

  it('answers 400 JSON naming the field to malformed multipart and bad fields', async () => {
    const headers = { 'X-API-Key': apiKey, 'Content-Type': 'multipart/form-data; boundary=xyz' };
    const truncated = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nabc';
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers, body: truncated }), 400, 'file');
    await expectJsonError(
      await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey, 'Content-Type': 'multipart/form-data' }, body: 'x' }),
      400,
      'Content-Type',
    );
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ start: '1' }) }), 400, 'file');
    await expectJsonError(
      await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ start: 'soon' }, video) }),
      400,
      'start',
    );
    await expectJsonError(
      await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ duration: '0' }, video) }),
      400,
      'duration',
    );
    await expectJsonError(
      await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ download: 'maybe' }, video) }),
      400,
      'download',
    );
  });

  it('answers 413 JSON naming the file when the body is over 10 MB', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({}, big) }), 413, 'file');
  });

  it('answers a malformed percent-escape in the path with a JSON 404, not a gateway error', async () => {
    await expectJsonError(await fetch(`${api}/task/%00%ff`, { headers: { 'X-API-Key': apiKey } }), 404, 'id');
    const page = await fetch(`${endpoints.portal}/%ff`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('does not trip over a Host header that is not a host', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${api}/healthz`, { headers: { Host: 'not a host' }, timeout: 5000 }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
      req.end();
    });
    expect(status).toBe(200);
  });

  it('still serves after all that', async () => {
    expect((await fetch(`${api}/healthz`)).status).toBe(200);
  });
});
