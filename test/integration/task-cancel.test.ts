import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as z from 'zod';
import type { CallbackEvent } from '@frameforge/functions/features/callbacks/domain/callback-event';
import type { TaskView } from '@frameforge/functions/features/jobs/domain/task-view';
import { confirmedUser } from '../support/billing';
import { listenForCallbacks, type CallbackListener, type ForwardedCallback } from '../support/callback-listener';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey, waitForTask } from '../support/product-user';
import { readmeAccepts } from '../support/readme-verification';

/**
 * POST /task/{id}/cancel against the whole stack, as a Basic customer (one
 * job at a time) sees it: a task waiting behind a running one is canceled
 * at once and never starts; the running one, a long 1080p re-encode, has its
 * ffmpeg gone within two seconds, and the customer's next job starts at
 * once; both send a signed task.canceled callback, forwarded to this
 * machine by `npm run local:listen`, that the README's check accepts.
 */

const exec = promisify(execFile);
const endpoints = testEndpoints();
const api = endpoints.productApi;
const CALLBACK_URL = 'https://receiver.example/hook';

let work = '';
let longClip = '';
let shortClip = '';
let listener: CallbackListener | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'task-cancel-'));
  // Two minutes of 1080p: ten seconds made once, then looped by stream copy (quick to make, slow to re-encode).
  const tenSeconds = join(work, 'ten.mp4');
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=10:size=1920x1080:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-pix_fmt', 'yuv420p', tenSeconds]);
  longClip = join(work, 'long-1080p.mp4');
  await exec('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '11', '-i', tenSeconds, '-c', 'copy', longClip]);
  shortClip = join(work, 'short.mp4');
  await makeTestVideo(shortClip, 2);
}, 120_000);

afterAll(async () => {
  await listener?.close();
  await rm(work, { recursive: true, force: true });
});

/** The ffmpeg processes running for this task: the worker runs each in the task's own folder, named after its id. */
async function ffmpegOf(taskId: string): Promise<string[]> {
  const { stdout } = await exec('pgrep', ['-a', '-f', `job-${taskId}`]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((line) => /^\d+ ffmpeg /.test(line));
}

const eventOf = (forwarded: ForwardedCallback) => JSON.parse(forwarded.body.toString('utf8')) as CallbackEvent;

describe('POST /task/{id}/cancel', () => {
  it('cancels a queued task and a running 1080p re-encode, frees the slot for the next job, and signs task.canceled', async () => {
    const { client, token } = await confirmedUser(endpoints, 'cancel');
    await client.subscribe(token, 'basic');
    const { key } = await client.createApiKey(token, 'cancel');
    const { secret } = await client.call(token, 'GET', '/callback-secret', z.object({ secret: z.string() }));
    listener = await listenForCallbacks(endpoints, key);
    const keyed = { 'X-API-Key': key };
    const cancel = (id: string) => fetch(`${api}/task/${id}/cancel`, { method: 'POST', headers: keyed });
    const task = async (id: string) => (await (await fetch(`${api}/task/${id}`, { headers: keyed })).json()) as TaskView;

    // The long clip goes up by POST /uploads; its crop re-encodes all of it.
    const created = await fetch(`${api}/uploads`, { method: 'POST', headers: { ...keyed, 'Content-Type': 'application/json' }, body: JSON.stringify({ file_name: 'long-1080p.mp4', content_type: 'video/mp4' }) });
    expect(created.status).toBe(201);
    const ticket = (await created.json()) as { file_id: string; upload_url: string; headers: Record<string, string> };
    expect((await fetch(ticket.upload_url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(readFileSync(longClip)) })).status).toBe(200);
    const submit = async (path: string, body: FormData) => {
      const response = await fetch(`${api}${path}`, { method: 'POST', headers: keyed, body });
      expect(response.status).toBe(202);
      return ((await response.json()) as { task_id: string }).task_id;
    };
    const running = await submit('/crop', cutForm({ file_id: ticket.file_id, w: '1280', h: '720', callback_url: CALLBACK_URL }));
    await eventually(async () => ((await task(running)).status === 'processing' && (await ffmpegOf(running)).length > 0 ? true : undefined), {
      timeoutMs: 90_000,
      what: 'the re-encode to run',
    });

    // Basic runs one job at a time: the next one waits, and is canceled before it ever starts.
    const queued = await submit('/cut', cutForm({ duration: '1', callback_url: CALLBACK_URL }, readFileSync(shortClip)));
    expect((await task(queued)).status).toBe('queued');
    const first = await cancel(queued);
    expect(first.status).toBe(200);
    const canceledQueued = (await first.json()) as TaskView;
    expect(canceledQueued).toMatchObject({ id: queued, status: 'canceled', output: null, started_at: null, attempt: 0, canceled_at: expect.any(String) });
    // Again: the same task, as it was canceled.
    const again = await cancel(queued);
    expect(again.status).toBe(200);
    expect(((await again.json()) as TaskView).canceled_at).toBe(canceledQueued.canceled_at);

    // The running one: its ffmpeg is gone within two seconds of the answer.
    const answer = await cancel(running);
    const answeredAt = Date.now();
    expect(answer.status).toBe(200);
    expect((await answer.json()) as TaskView).toMatchObject({ id: running, status: 'canceled', output: null, canceled_at: expect.any(String) });
    const gone = await eventually(async () => ((await ffmpegOf(running)).length === 0 ? Date.now() - answeredAt : undefined), { timeoutMs: 10_000, intervalMs: 50, what: 'the re-encode’s ffmpeg to stop' });
    expect(gone).toBeLessThan(2000);

    // The slot is free at once: the next job starts and completes, where it would have waited for the lease to run out.
    const next = await submit('/cut', cutForm({ duration: '1' }, readFileSync(shortClip)));
    const done = await waitForTask(api, key, `/task/${next}`, 30_000);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    // Canceling a task that ended is refused, saying so; it stays completed. Basic's 3 processing requests a minute are
    // spent by now: the cancels never counted (no 429).
    const late = await cancel(next);
    expect(late.status).toBe(409);
    const refusal = (await late.json()) as { error: { code: string; message: string; param: string | null; hint: string | null } };
    expect(refusal.error).toMatchObject({ code: 'task_already_ended', param: 'id', message: expect.stringMatching(/already ended: it is completed.*\.$/), hint: expect.stringMatching(/\.$/) });
    expect((await task(next)).status).toBe('completed');
    // The canceled ones stay canceled, never started again, and have no output to download.
    expect(await task(running)).toMatchObject({ status: 'canceled', output: null });
    expect(await task(queued)).toMatchObject({ status: 'canceled', started_at: null, attempt: 0 });
    expect((await fetch(`${api}/task/${running}/download`, { headers: keyed, redirect: 'manual' })).status).toBe(409);

    // Each canceled task sends one signed task.canceled event, which the README's check accepts.
    for (const id of [queued, running]) {
      const forwarded = await eventually(() => listener?.received.find((r) => eventOf(r).data.id === id), { timeoutMs: 60_000, what: `task ${id}'s task.canceled callback` });
      expect(forwarded.headers).toMatchObject({ 'frameforge-event-id': `evt_${id}_canceled`, 'user-agent': 'FrameForge-Callbacks/1' });
      expect(eventOf(forwarded)).toMatchObject({ id: `evt_${id}_canceled`, type: 'task.canceled', data: { id, status: 'canceled', output: null } });
      const signature = String(forwarded.headers['frameforge-signature']);
      expect(readmeAccepts(signature, secret, forwarded.body)).toBe(true);
      expect(readmeAccepts(signature, `${secret}x`, forwarded.body)).toBe(false);
    }
    expect(listener.received.filter((r) => eventOf(r).type !== 'task.canceled' && eventOf(r).data.id !== next)).toEqual([]);
  }, 300_000);

  it('answers an unknown task and another account’s task as 404, as GET /task does', async () => {
    const [owner, stranger] = await Promise.all([signedUpUserWithKey(endpoints, 'elite'), signedUpUserWithKey(endpoints, 'elite')]);
    const response = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': owner }, body: cutForm({ duration: '1' }, readFileSync(shortClip)) });
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    for (const [id, apiKey] of [[taskId, stranger], ['00000000-0000-4000-8000-000000000000', owner], ['not-a-task', owner]] as const) {
      const refused = await fetch(`${api}/task/${id}/cancel`, { method: 'POST', headers: { 'X-API-Key': apiKey } });
      const read = await fetch(`${api}/task/${id}`, { headers: { 'X-API-Key': apiKey } });
      expect([refused.status, read.status]).toEqual([404, 404]);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect((await (await fetch(`${api}/task/${taskId}`, { headers: { 'X-API-Key': owner } })).json()) as TaskView).not.toMatchObject({ status: 'canceled' });
  }, 120_000);
});
