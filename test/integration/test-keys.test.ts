import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listApiLogsResponseSchema } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { TEST_MODE } from '@frameforge/functions/kernel/contracts/key-modes';
import { usageStatsResponseSchema } from '@frameforge/functions/features/request-logs/contracts/usage-stats';
import { confirmedUser, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { cutForm, waitForTask } from '../support/product-user';

const exec = promisify(execFile);
const endpoints = testEndpoints();
const api = endpoints.productApi;
const dir = mkdtempSync(join(tmpdir(), 'test-keys-'));

let user: TestUser;
let testKey = '';
let clip: Buffer;

/** 12 s of black 720p with sound: longer and larger than a test output may be, and any light pixel in it is the watermark. */
async function makeBlackClip(path: string): Promise<void> {
  await exec('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'color=c=black:duration=12:size=1280x720:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=12',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
}

async function probe(path: string): Promise<{ duration: number; height?: number; comment?: string }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:format_tags=comment:stream=codec_type,height', '-of', 'json', path]);
  const json = JSON.parse(stdout) as { format: { duration: string; tags?: { comment?: string } }; streams: { codec_type: string; height?: number }[] };
  const height = json.streams.find((s) => s.codec_type === 'video')?.height;
  return { duration: Number(json.format.duration), ...(height ? { height } : {}), ...(json.format.tags?.comment ? { comment: json.format.tags.comment } : {}) };
}

async function brightestLuma(path: string, second: number): Promise<number> {
  const { stdout } = await exec('ffmpeg', ['-v', 'error', '-ss', String(second), '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.reduce((brightest, luma) => Math.max(brightest, luma), 0);
}

/**
 * The task's output, downloaded as its owner would, into a file. A test key's
 * throttle (2 requests a second) is soon spent by the polls before it: a 429
 * is waited out for its Retry-After, as the SDK does.
 */
async function download(taskId: string, name: string): Promise<string> {
  let answer = await fetch(`${api}/task/${taskId}/download`, { headers: { 'X-API-Key': testKey } });
  for (let tries = 1; answer.status === 429 && tries <= 5; tries++) {
    await answer.arrayBuffer();
    // The wait the answer asks for, as any client honours it: Retry-After names the moment to come back.
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1000));
    answer = await fetch(`${api}/task/${taskId}/download`, { headers: { 'X-API-Key': testKey } });
  }
  expect(answer.status).toBe(200);
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(await answer.arrayBuffer()));
  return path;
}

const portal = (path: string) => fetch(`${endpoints.portalApi}${path}`, { headers: { Authorization: `Bearer ${user.token}` } });

beforeAll(async () => {
  const path = join(dir, 'black.mp4');
  await makeBlackClip(path);
  clip = readFileSync(path);
  user = await confirmedUser(endpoints, 'testkeys');
}, 120_000);

describe('test keys', () => {
  it('are made before paying, where a live key is refused', async () => {
    const live = await fetch(`${endpoints.portalApi}/generate-api-key`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'production' }),
    });
    expect(live.status).toBe(403);
    const created = await user.client.createApiKey(user.token, 'sandbox', 'test');
    testKey = created.key;
    expect(testKey).toMatch(/^ff_test_[0-9A-Za-z]{49}$/);
    expect(created.apiKey).toMatchObject({ mode: 'test', masked_key: `${testKey.slice(0, 8)}…${testKey.slice(-4)}` });
    const account = await fetch(`${api}/account`, { headers: { 'X-API-Key': testKey } });
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({
      key_mode: 'test',
      tier: 'elite',
      subscription_status: 'none',
      rate_limit: { requests_per_minute: TEST_MODE.requestsPerMinute },
      test_mode: { max_output_seconds: TEST_MODE.maxOutputSeconds, max_output_height: TEST_MODE.maxOutputHeight, watermark: TEST_MODE.watermark },
    });
  }, 60_000);

  it('make a watermarked output capped at 10 s and 480p, with a higher plan’s feature too, and leave the plan’s allowance untouched', async () => {
    // No subscription at all: the test key still reaches the endpoint, under its own limit.
    const cut = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': testKey }, body: cutForm({ start: '0' }, clip) });
    expect(cut.status).toBe(202);
    expect(cut.headers.get('ratelimit-policy')).toBe(`"minute";q=${TEST_MODE.requestsPerMinute};w=60`);
    const cutTask = (await cut.json()) as { task_id: string; status_url: string };
    const done = (await waitForTask(api, testKey, cutTask.status_url, 120_000)) as { status: string; livemode: boolean; output: { duration: number; file_id: string } };
    expect(done).toMatchObject({ status: 'completed', livemode: false });
    expect(done.output.duration).toBe(TEST_MODE.maxOutputSeconds);

    const output = await download(cutTask.task_id, 'cut.mp4');
    const capped = await probe(output);
    expect(capped.duration).toBeGreaterThan(TEST_MODE.maxOutputSeconds - 0.2);
    expect(capped.duration).toBeLessThan(TEST_MODE.maxOutputSeconds + 0.2);
    expect(capped).toMatchObject({ height: TEST_MODE.maxOutputHeight, comment: TEST_MODE.watermark });
    // The input is black throughout: the light pixels are the burned-in watermark.
    expect(await brightestLuma(output, 5)).toBeGreaterThan(150);

    // Transitions are a Boost feature: a test key has every plan's features.
    const merge = await fetch(`${api}/merge_urls`, {
      method: 'POST',
      headers: { 'X-API-Key': testKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_ids: [done.output.file_id, done.output.file_id], transition: 'fade', duration: 1, v_preset: 'ultrafast' }),
    });
    expect(merge.status).toBe(202);
    const merged = (await waitForTask(api, testKey, ((await merge.json()) as { status_url: string }).status_url, 120_000)) as { status: string; id: string };
    expect(merged.status).toBe('completed');
    const joined = await probe(await download(merged.id, 'merged.mp4'));
    expect(joined.duration).toBeLessThan(TEST_MODE.maxOutputSeconds + 0.2);
    expect(joined).toMatchObject({ height: TEST_MODE.maxOutputHeight, comment: TEST_MODE.watermark });

    // Every row is the test key's, with its mode; none counts toward the plan's figures.
    const { logs } = listApiLogsResponseSchema.parse(await (await portal('/api-logs?limit=100')).json());
    expect(logs.length).toBeGreaterThanOrEqual(5);
    expect(new Set(logs.map((row) => row.key_mode))).toEqual(new Set(['test']));
    const since = new Date(Date.now() - 3600_000).toISOString();
    const stats = async () => usageStatsResponseSchema.parse(await (await portal(`/stats?since=${encodeURIComponent(since)}`)).json());
    expect(await stats()).toMatchObject({ total_requests: 0, today_requests: 0 });

    // Once paying, the live key's allowance is whole and only live requests count.
    await user.client.subscribe(user.token, 'basic');
    const liveKey = (await user.client.createApiKey(user.token, 'production')).key;
    const read = await fetch(`${api}/task/${cutTask.task_id}`, { headers: { 'X-API-Key': liveKey } });
    expect(read.status).toBe(200);
    expect(read.headers.get('ratelimit')).toMatch(/^"minute";r=3;t=\d+$/);
    await eventually(async () => ((await stats()).total_requests === 1 ? true : undefined), { timeoutMs: 15_000, what: 'the live read counted alone' });
  }, 300_000);
});
