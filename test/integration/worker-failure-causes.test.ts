import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listApiLogsResponseSchema, type ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import type { CallbackEvent } from '@frameforge/functions/features/callbacks/domain/callback-event';
import type { JobRecord } from '@frameforge/functions/features/jobs/domain/job';
import { confirmedUser, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { startFixtureServer, type FixtureReply, type FixtureServer, type RecordedRequest } from '../support/fixture-server';
import { cutForm, waitForTask } from '../support/product-user';
import { startS3FaultProxy, type S3FaultProxy } from '../support/s3-fault-proxy';
import { testServices } from '../support/services';
import { jobs, waitForJob } from '../support/worker-jobs';

/**
 * A job whose result cannot be stored: it must end `failed` with the cause
 * in plain words and the id of the request that made it, on the task, in
 * the callback and on the request's row in the portal's log, after its
 * tries (the later ones storing the result the first one kept, without
 * running the job again).
 *
 * Storage fails for this job alone: a second worker reaches S3 through a
 * proxy that drops every write, while the stack's own worker is kept busy
 * by a job whose URL input the fixture server holds open (it runs one job
 * at a time, and polls for none while busy). Only the second worker takes
 * jobs in between.
 */

const exec = promisify(execFile);
const endpoints = testEndpoints();
const services = testServices();
const api = endpoints.productApi;

let owner: TestUser & { key: string };
let clip: Buffer;
let fixtures: FixtureServer;
let releaseBlocker: ((reply: FixtureReply) => void) | undefined;
let blockerId = '';
let proxy: S3FaultProxy | undefined;
let worker: ExtraWorker | undefined;
let workDir = '';

async function cut(fields: Record<string, string>, file?: Buffer): Promise<{ task_id: string; requestId: string }> {
  const answer = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': owner.key }, body: cutForm(fields, file) });
  expect(answer.status).toBe(202);
  return { ...((await answer.json()) as { task_id: string }), requestId: answer.headers.get('x-request-id') ?? '' };
}

/** The one log row a search finds, once it shows its task's end. */
const endedRow = (q: string) =>
  eventually(
    async () => {
      const answer = await fetch(`${endpoints.portalApi}/api-logs?${new URLSearchParams({ q }).toString()}`, { headers: { Authorization: `Bearer ${owner.token}` } });
      const rows = listApiLogsResponseSchema.parse(await answer.json()).logs;
      return rows.length === 1 && rows[0]?.task?.outcome !== 'pending' ? rows[0] : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 300, what: `an ended task on the row found by ${q}` },
  );

const eventOf = (request: RecordedRequest) => JSON.parse(request.body.toString('utf8')) as CallbackEvent;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'failure-causes-'));
  const video = join(dir, 'long.mp4');
  // Small enough to go in the request itself; the job is seen running while its store is tried again.
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=30:size=640x360:rate=30', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', video]);
  clip = readFileSync(video);
  const user = await confirmedUser(endpoints, 'causes');
  await user.client.subscribe(user.token, 'elite');
  owner = { ...user, key: (await user.client.createApiKey(user.token, 'causes')).key };

  fixtures = await startFixtureServer();
  fixtures.route('/hook', () => ({ status: 200, body: 'ok' }));
  const held = new Promise<FixtureReply>((resolve) => (releaseBlocker = resolve));
  fixtures.route('/hold.mp4', () => held);
  // The stack's worker takes this job and waits on its input until the test ends.
  blockerId = (await cut({ url: `${fixtures.origin}/hold.mp4` })).task_id;
  await eventually(
    async () => (fixtures.requests.some((r) => r.path === '/hold.mp4') && (await jobs.get(blockerId))?.status === 'processing' ? true : undefined),
    { timeoutMs: 30_000, what: "the stack's worker to be busy with the held job" },
  );

  proxy = await startS3FaultProxy(services.s3);
  // Reads pass (the input arrives and the job runs); every write of a result loses its connection.
  proxy.failWhere((request) => request.method === 'PUT' || request.method === 'POST');
  workDir = mkdtempSync(join(tmpdir(), 'failure-causes-work-'));
  worker = await startExtraWorker({ workDir, s3Endpoint: proxy.url });
}, 180_000);

afterAll(async () => {
  // The held input answers 404: the stack's worker ends that job and takes jobs again.
  releaseBlocker?.({ status: 404, body: 'gone' });
  await worker?.stop();
  await proxy?.close();
  if (blockerId) await waitForJob(blockerId, 60_000).catch(() => undefined);
  await fixtures.close();
});

describe('a job whose result storage keeps refusing', () => {
  it('ends failed with the plain cause and its request id, on the task, the callback and the log row', async () => {
    const made = await cut({ callback_url: `${fixtures.origin}/hook` }, clip);
    const running: JobRecord = await eventually(
      async () => {
        const job = await jobs.get(made.task_id);
        return job?.status === 'processing' && job.progress >= 5 ? job : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 150, what: 'the job to run' },
    );
    expect(running.leaseOwner?.startsWith(worker?.leasePrefix ?? '?')).toBe(true);
    expect(running.requestId).toBe(made.requestId);

    const task = await waitForTask(api, owner.key, `/task/${made.task_id}`, 120_000);
    expect(task).toMatchObject({ status: 'failed', attempt: 3, started_at: running.startedAt, error: { code: 'storage_failed', param: null } });
    expect(task.progress).toBeGreaterThanOrEqual(running.progress);
    const error = task.error as { message: string; hint: string };
    expect(error.message.split('\n')).toEqual(['Error: our storage failed while the result was being saved.', 'It failed 3 times.', `Request id: ${made.requestId}`]);
    expect(error.hint).toMatch(/request id/);

    // The job ran once: the later tries stored the result the first one kept, without reading the input again.
    // That one try read it through one signed URL, in as many ranged reads as ffprobe and ffmpeg made.
    const inputReads = (proxy?.requests ?? []).filter((r) => r.method === 'GET' && r.path.includes(made.task_id) && !r.path.includes('/outputs/'));
    expect(inputReads.length).toBeGreaterThanOrEqual(1);
    expect(new Set(inputReads.map((r) => r.path)).size).toBe(1);
    expect(worker?.lines(/earlier try kept/)).toHaveLength(2);
    // Each try stored three times: the first store and two more with backoff.
    expect(worker?.lines(/^storing the result failed, trying again$/)).toHaveLength(6);
    expect((proxy?.requests ?? []).filter((r) => !r.passed).length).toBeGreaterThanOrEqual(9);
    // The worker's log keeps the technical detail the task leaves out; nothing is left on its disk. The cut
    // connection shows as EPIPE when the body was still being written, else as a reset or a hang-up.
    expect(worker?.output()).toMatch(/ECONNRESET|socket hang up|EPIPE/);
    expect(readdirSync(workDir).filter((name) => name.includes(made.task_id))).toEqual([]);

    // The request's row in the portal's log shows the same error.
    const row: ApiLogView = await endedRow(made.requestId);
    expect(row).toMatchObject({ request_id: made.requestId, task_id: made.task_id, error_code: 'storage_failed' });
    expect(row.task).toMatchObject({ outcome: 'failed', error: { code: 'storage_failed', message: error.message } });
    expect(row.error_message).toContain(`Request id: ${made.requestId}`);
    expect(row.error_message).toContain('Code: storage_failed');

    // So does the callback, which carries the task.
    const delivery = await eventually(
      () => fixtures.requests.find((r) => r.method === 'POST' && r.path === '/hook' && eventOf(r).data.id === made.task_id),
      { timeoutMs: 30_000, what: 'the failed task’s callback' },
    );
    expect(eventOf(delivery)).toMatchObject({ type: 'task.failed', data: { status: 'failed', attempt: 3, error: { code: 'storage_failed', message: error.message } } });
  }, 240_000);
});
