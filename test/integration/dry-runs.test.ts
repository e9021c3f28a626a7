import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testEndpoints } from '../support/endpoints';
import { signedUpUserWithKey, waitForTask } from '../support/product-user';

const exec = promisify(execFile);
const endpoints = testEndpoints();
const api = endpoints.productApi;

interface Plan {
  object: string;
  endpoint: string;
  valid: boolean;
  inputs: { field: string; duration: number | null; width: number | null; height: number | null; has_video: boolean; has_audio: boolean }[];
  output: { media_type: string; duration: number | null; width: number | null; height: number | null; has_video: boolean; has_audio: boolean };
  estimate: { seconds: number; low_seconds: number; high_seconds: number; error_percent: number; model: string };
  error?: { code: string; param: string | null };
}

let dir = '';
let clip: Buffer;
let key = '';

const remaining = (answer: Response) => Number(/;r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1] ?? Number.NaN);

function cropForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
  return form;
}

async function post(path: string, body: FormData, apiKey: string, headers: Record<string, string> = {}): Promise<{ answer: Response; body: Plan }> {
  const answer = await fetch(`${api}${path}`, { method: 'POST', headers: { 'X-API-Key': apiKey, ...headers }, body });
  return { answer, body: (await answer.json()) as Plan };
}

async function taskCount(apiKey: string): Promise<number> {
  const answer = await fetch(`${api}/tasks`, { headers: { 'X-API-Key': apiKey } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: unknown[] }).data.length;
}

async function ffprobe(path: string): Promise<{ duration: number; width: number; height: number }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height:format=duration', '-of', 'json', path]);
  const found = JSON.parse(stdout) as { streams: { width: number; height: number }[]; format: { duration: string } };
  return { duration: Number(found.format.duration), width: found.streams[0]?.width ?? 0, height: found.streams[0]?.height ?? 0 };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dry-runs-'));
  // 3 s of 640x360 with sound: small enough for the body, large enough for an odd crop to be cut to even sides.
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=3:size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=duration=3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(dir, 'clip.mp4')]);
  clip = readFileSync(join(dir, 'clip.mp4'));
  key = await signedUpUserWithKey(endpoints, 'basic');
}, 120_000);

describe('dry_run=true', () => {
  it('answers 200 with the plan, queues nothing and leaves the per-minute allowance as it was; the real request then makes what was planned', async () => {
    const before = await fetch(`${api}/account`, { headers: { 'X-API-Key': key } });
    const allowance = remaining(before);
    expect(allowance).toBe(3);

    // More dry runs than the basic plan's 3 requests a minute: none of them takes from the window.
    for (let round = 0; round < 4; round++) {
      const { answer, body } = await post('/crop', cropForm({ dry_run: 'true', w: '321', h: '181', x: '10', y: '20' }), key, { 'Idempotency-Key': 'planned-crop' });
      expect(answer.status).toBe(200);
      expect(remaining(answer)).toBe(allowance);
      expect(body).toMatchObject({
        object: 'dry_run',
        endpoint: '/crop',
        valid: true,
        inputs: [{ field: 'file', width: 640, height: 360, has_video: true, has_audio: true }],
        output: { media_type: 'video/mp4', width: 320, height: 180, has_video: true, has_audio: true },
      });
      expect(body.inputs[0]?.duration).toBeCloseTo(3, 1);
      expect(body.output.duration).toBeCloseTo(3, 1);
      expect(body.estimate.model).toBe('crop');
      expect(body.estimate.seconds).toBeGreaterThan(0);
      expect(body.estimate.low_seconds).toBeLessThanOrEqual(body.estimate.seconds);
      expect(body.estimate.high_seconds).toBeGreaterThanOrEqual(body.estimate.seconds);
    }
    expect(await taskCount(key)).toBe(0);

    // The same Idempotency-Key on the real request makes a task: the dry runs claimed nothing.
    const { answer, body } = await post('/crop', cropForm({ w: '321', h: '181', x: '10', y: '20' }), key, { 'Idempotency-Key': 'planned-crop' });
    expect(answer.status).toBe(202);
    expect(remaining(answer)).toBe(allowance - 1);
    const accepted = body as unknown as { status_url: string; task_id: string };
    const task = (await waitForTask(api, key, accepted.status_url, 90_000)) as { status: string };
    expect(task.status).toBe('completed');
    const redirect = await fetch(`${api}/task/${accepted.task_id}/download`, { headers: { 'X-API-Key': key }, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location') ?? '');
    expect(file.status).toBe(200);
    const outputPath = join(dir, 'cropped.mp4');
    writeFileSync(outputPath, Buffer.from(await file.arrayBuffer()));
    const made = await ffprobe(outputPath);
    expect(made).toMatchObject({ width: 320, height: 180 });
    expect(made.duration).toBeCloseTo(3, 0);
    expect(await taskCount(key)).toBe(1);
  }, 180_000);

  it('refuses what the task would fail on, under its code, and still counts nothing', async () => {
    const { answer, body } = await post('/crop', cropForm({ dry_run: '1', w: '700', h: '100' }), key);
    expect(answer.status).toBe(422);
    expect(body.error).toMatchObject({ code: 'crop_out_of_bounds', param: 'w' });
    const late = await post('/cut', cropForm({ dry_run: '1', start: '5' }), key);
    expect(late.answer.status).toBe(422);
    expect(late.body.error).toMatchObject({ code: 'start_out_of_range', param: 'start' });
    const invalid = await post('/cut', cropForm({ dry_run: 'maybe' }), key);
    expect(invalid.answer.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ param: 'dry_run' });
    expect(await taskCount(key)).toBe(1);
  }, 60_000);
});
