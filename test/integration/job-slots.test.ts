import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDbJobSlotStore } from '@frameforge/functions/features/jobs/adapters/dynamodb/job-slot-store';
import { CONCURRENT_JOBS } from '@frameforge/functions/features/jobs/domain/concurrency';
import { toQueuedJob } from '@frameforge/functions/features/jobs/domain/job-messages';
import { providerConfigSchema } from '@frameforge/worker/config';
import { createProviders } from '@frameforge/worker/providers/index';
import { processJob } from '@frameforge/worker/worker/process-job';
import { makeTestVideo } from '../support/media';
import { testServices } from '../support/services';
import { jobs, prepareJob, storage } from '../support/worker-jobs';

const services = testServices();
const providers = createProviders(providerConfigSchema.parse({}));
const slots = new DynamoDbJobSlotStore(
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: services.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } })),
  services.resources.tables.TABLE_USAGE_COUNTERS ?? '',
);

describe('running-job slots (each plan’s concurrency cap)', () => {
  it('holds at most the cap at once, however many race, and frees a slot on release', async () => {
    const user = `slots-${randomUUID()}`;
    const now = Date.now();
    const racers = Array.from({ length: 8 }, () => randomUUID());
    const taken = await Promise.all(racers.map((job) => slots.acquire(user, job, 2, now + 60_000, now)));
    expect(taken.filter(Boolean)).toHaveLength(2);
    const holder = racers[taken.indexOf(true)] ?? '';
    // The holder itself keeps its slot when it asks again (a redelivered message).
    expect(await slots.acquire(user, holder, 2, now + 60_000, now)).toBe(true);
    await slots.release(user, holder);
    const waiting = racers[taken.indexOf(false)] ?? '';
    expect(await slots.acquire(user, waiting, 2, now + 60_000, now)).toBe(true);
    expect(await slots.acquire(user, randomUUID(), 2, now + 60_000, now)).toBe(false);
  });

  it('takes back a slot whose holder stopped renewing it', async () => {
    const user = `slots-${randomUUID()}`;
    const now = Date.now();
    expect(await slots.acquire(user, 'crashed', 1, now - 1, now - 60_000)).toBe(true);
    expect(await slots.acquire(user, 'next', 1, now + 60_000, now)).toBe(true);
  });

  it('keeps a job beyond the cap queued, shows its place in line, and runs it once a slot is free', async () => {
    const userId = `slots-${randomUUID()}`;
    const video = join(mkdtempSync(join(tmpdir(), 'slots-')), 'clip.mp4');
    await makeTestVideo(video, 2);
    const first = await prepareJob('cut', { start: 0, duration: 1 }, [{ role: 'file', path: video }], { tier: 'basic', userId });
    const second = await prepareJob('cut', { start: 0, duration: 1 }, [{ role: 'file', path: video }], { tier: 'basic', userId });
    expect(CONCURRENT_JOBS.basic).toBe(1);
    const now = Date.now();
    expect(await slots.acquire(userId, first.job.id, CONCURRENT_JOBS.basic, now + 60_000, now)).toBe(true);
    const workDir = mkdtempSync(join(tmpdir(), 'slots-work-'));
    // Processed directly (not through the queue): the stack's own worker never sees these two.
    expect(await processJob(toQueuedJob(second.job), { jobs, storage, workDir, slots, providers })).toBe('waiting');
    expect((await jobs.get(second.job.id))?.status).toBe('queued');
    expect(await jobs.countQueuedBefore(userId, second.job.createdAt)).toBe(1);
    await slots.release(userId, first.job.id);
    expect(await processJob(toQueuedJob(second.job), { jobs, storage, workDir, slots, providers })).toBe('done');
    expect((await jobs.get(second.job.id))?.status).toBe('completed');
    // Its slot went back when it ended.
    expect(await slots.acquire(userId, randomUUID(), CONCURRENT_JOBS.basic, Date.now() + 60_000, Date.now())).toBe(true);
  });
});
