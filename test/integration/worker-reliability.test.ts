import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { localName, queues } from '@frameforge/functions/kernel/contracts/resources';
import type { JobRecord } from '@frameforge/functions/features/jobs/domain/job';
import { toQueuedJob } from '@frameforge/functions/features/jobs/domain/job-messages';
import { eventually, holdsFor } from '../support/eventually';
import { probeDuration } from '../support/media';
import { testServices } from '../support/services';
import { jobs, prepareJob, storage, submitJob, waitForJob } from '../support/worker-jobs';

const exec = promisify(execFile);
const services = testServices();
const stateDir = process.env.FRAMEFORGE_STATE_DIR ?? '';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const s3 = new S3Client({ region: 'us-east-1', endpoint: services.s3, credentials, forcePathStyle: true });
const sqs = new SQSClient({ region: 'us-east-1', endpoint: services.sqs, credentials, useQueueUrlAsEndpoint: false });
const bucket = services.resources.buckets.BUCKET_MEDIA ?? '';
let video = '';

const deadLetterUrl = async () => (await sqs.send(new GetQueueUrlCommand({ QueueName: localName(`${queues.media.id}-dlq`) }))).QueueUrl ?? '';

/** Messages in the dead-letter queue, hidden or not. */
async function deadLetterCount(): Promise<number> {
  const names = ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] as const;
  const out = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: await deadLetterUrl(), AttributeNames: [...names] }));
  return names.reduce((sum, name) => sum + Number(out.Attributes?.[name] ?? 0), 0);
}

const workerPid = () => Number(readFileSync(join(stateDir, 'worker.pid'), 'utf8').trim());

const until = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => eventually(probe, { timeoutMs, what });

/** Waits until the job runs, then until ffmpeg got some way into it. */
const runningJob = (id: string) =>
  until('the job to run', async () => {
    const job = await jobs.get(id);
    return job?.status === 'processing' && job.progress >= 5 ? job : undefined;
  });

/** The job completed exactly once: one more claim after the interruption, one output in storage, no folder left. */
async function expectCompletedOnce(id: string, before: JobRecord): Promise<void> {
  const job = await waitForJob(id, 60_000);
  expect(job.error).toBeNull();
  expect(job.status).toBe('completed');
  expect(job.attempts).toBe(2);
  expect(job.completedAt).not.toBeNull();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `outputs/${before.userId}/${id}/` }));
  expect(listed.Contents?.length).toBe(1);
  const dir = mkdtempSync(join(tmpdir(), 'reliability-out-'));
  await storage.downloadToFile(job.output?.key ?? '', join(dir, 'out.mp4'));
  expect(Math.abs((await probeDuration(join(dir, 'out.mp4'))) - 30)).toBeLessThan(0.1);
  expect(readdirSync(join(stateDir, 'work')).filter((name) => name.startsWith(`job-${id}`))).toEqual([]);
}

beforeAll(async () => {
  video = join(mkdtempSync(join(tmpdir(), 'reliability-')), 'long.mp4');
  // Long enough for the cut to take several seconds, quick to make.
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=30:size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=duration=30', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '38', '-c:a', 'aac', video]);
});

describe('worker reliability', () => {
  it('takes a job over after its worker is killed, and completes it once', async () => {
    const job = await submitJob('cut', {}, [{ role: 'file', path: video }]);
    const running = await runningJob(job.id);
    const pid = workerPid();
    process.kill(pid, 'SIGKILL');
    await until('the worker to be restarted', async () => (workerPid() !== pid ? true : undefined));
    await expectCompletedOnce(job.id, running);
  });

  it('hands a job back on SIGTERM, and the next worker finishes it', async () => {
    const job = await submitJob('cut', {}, [{ role: 'file', path: video }]);
    const running = await runningJob(job.id);
    const pid = workerPid();
    process.kill(pid, 'SIGTERM');
    // Handed back: the lease ends at once, well before it would run out.
    await until('the job to be handed back', async () => ((await jobs.get(job.id))?.leaseUntil === '' ? true : undefined), 10_000);
    await expectCompletedOnce(job.id, running);
    expect(workerPid()).not.toBe(pid);
  });

  it('ends a job that keeps failing as failed with its error, its message in the dead-letter queue', async () => {
    const { job, enqueue } = await prepareJob('cut', {}, [{ role: 'file', path: video }]);
    const before = await deadLetterCount();
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: job.inputs[0]?.key }));
    await enqueue();
    const failed = await waitForJob(job.id, 30_000);
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(queues.media.maxReceiveCount);
    expect(failed.error).toMatchObject({ code: 'input_unavailable', param: 'file' });
    expect(failed.error?.message).toMatch(/^Error: the file input could not be read from storage\./);
    // The worker reads the dead letters too (and hides them for hours), so the queue is counted, not read.
    await until('the message in the dead-letter queue', async () => ((await deadLetterCount()) > before ? true : undefined));
    // The job keeps the error of its last try: settling the dead letter does not overwrite it.
    // Proves an absence: the error stays the same all through the window, checked again and again.
    await holdsFor(async () => (await jobs.get(job.id))?.error?.code === 'input_unavailable', { forMs: 1500, what: "the job's error staying input_unavailable" });
    expect((await jobs.get(job.id))?.error).toMatchObject({ code: 'input_unavailable' });
  });

  it('fails a job whose every try took its worker down, once its message reaches the dead-letter queue', async () => {
    const { job } = await prepareJob('cut', {}, [{ role: 'file', path: video }]);
    // As after three crashes: claimed, its lease run out, nobody left to record an error.
    for (let i = 0; i < queues.media.maxReceiveCount; i++) {
      expect(await jobs.claim(job.id, new Date().toISOString(), { owner: `crashed-${i}`, until: new Date(Date.now() - 1000).toISOString() })).toBe(true);
    }
    expect((await jobs.get(job.id))?.status).toBe('processing');
    await sqs.send(new SendMessageCommand({ QueueUrl: await deadLetterUrl(), MessageBody: JSON.stringify(toQueuedJob(job)) }));
    const failed = await waitForJob(job.id, 40_000);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'internal_error', param: null });
    expect(failed.error?.message).toBe(`Error: the job stopped its worker ${queues.media.maxReceiveCount} times and was given up.`);
  });
});
