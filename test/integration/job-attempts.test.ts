import { randomUUID } from 'node:crypto';
import type { JobRecord } from '@frameforge/functions/features/jobs/domain/job';
import { jobs, queuedJobRecord } from '../support/worker-jobs';

/** A queued job record that no message names: only these tests touch it. */
async function queuedJob(): Promise<JobRecord> {
  const job = queuedJobRecord({
    id: randomUUID(),
    userId: `attempts-${randomUUID()}`,
    apiKeyId: 'attempts-test',
    endpoint: 'cut',
    tier: 'elite',
    params: { start: 0, duration: 1 } as JobRecord['params'],
    inputs: [],
  });
  await jobs.create(job);
  return job;
}

const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const lease = (owner: string, ms: number) => ({ owner, until: later(ms) });
const get = async (id: string) => (await jobs.get(id)) as JobRecord;

describe('a job record over its tries', () => {
  it('keeps the start of the first try and counts each try that started', async () => {
    const job = await queuedJob();
    const first = later(0);
    expect(await jobs.claim(job.id, first, lease('worker-a', 60_000))).toBe(true);
    expect(await get(job.id)).toMatchObject({ status: 'processing', startedAt: first, attempts: 1, leaseOwner: 'worker-a' });

    // A live lease keeps the job from a second claim, which counts nothing.
    expect(await jobs.claim(job.id, later(1000), lease('worker-b', 60_000))).toBe(false);
    expect((await get(job.id)).attempts).toBe(1);

    // The first try fails and gives the job back; the next try starts later but keeps the first start.
    await jobs.releaseLease(job.id, 'worker-a', later(2000));
    const second = later(3000);
    expect(await jobs.claim(job.id, second, lease('worker-b', 60_000))).toBe(true);
    expect(await get(job.id)).toMatchObject({ startedAt: first, attempts: 2, leaseOwner: 'worker-b', updatedAt: second });
  });

  it('only raises progress: a retry reporting less leaves it, and a completed job is at 100', async () => {
    const job = await queuedJob();
    expect(await jobs.claim(job.id, later(0), lease('worker-a', 60_000))).toBe(true);
    await jobs.updateProgress(job.id, 40, later(0));
    await jobs.releaseLease(job.id, 'worker-a', later(0));
    expect((await get(job.id)).progress).toBe(40);

    expect(await jobs.claim(job.id, later(0), lease('worker-b', 60_000))).toBe(true);
    await jobs.updateProgress(job.id, 10, later(0));
    expect((await get(job.id)).progress).toBe(40);
    await jobs.updateProgress(job.id, 55, later(0));
    expect((await get(job.id)).progress).toBe(55);

    await jobs.complete(job.id, { key: 'k', fileName: 'out.mp4', size: 1, mediaType: 'video/mp4', duration: 1, expiresAt: later(60_000) }, later(0), 'worker-b');
    expect(await get(job.id)).toMatchObject({ status: 'completed', progress: 100 });
    // Progress of an ended job is not touched, and no error comes of trying.
    await expect(jobs.updateProgress(job.id, 99, later(0))).resolves.toBeUndefined();
    expect((await get(job.id)).progress).toBe(100);
  });
});
