import type { JobRecord } from './job';
import { completedJob, jobId, now, output } from './output-test-support';
import { OwnedTasks, TaskDownloads } from './task-reads';

const job = completedJob;

function tasksOf(record: JobRecord | undefined, queuedBefore = 0) {
  const asked: string[] = [];
  const tasks = new OwnedTasks({
    get: (id) => {
      asked.push(id);
      return Promise.resolve(record);
    },
    countQueuedBefore: () => Promise.resolve(queuedBefore),
  });
  return { tasks, asked };
}

const signer = { signedDownloadUrl: (key: string, fileName: string, seconds: number) => Promise.resolve(`signed:${key}:${fileName}:${seconds}`) };

describe('owned tasks', () => {
  it('answers the owner’s task, and another user’s as a missing one', async () => {
    await expect(tasksOf(job).tasks.getOwned('user-1', jobId)).resolves.toBe(job);
    await expect(tasksOf(job).tasks.getOwned('user-2', jobId)).rejects.toMatchObject({ code: 'not_found', param: 'id' });
  });

  it('never asks the table for an id that cannot exist', async () => {
    const { tasks, asked } = tasksOf(job);
    await expect(tasks.getOwned('user-1', 'x'.repeat(2000))).rejects.toThrow(/No task with id x{64}…/);
    expect(asked).toEqual([]);
  });

  it('places a queued task after the owner’s earlier ones, and no other', async () => {
    await expect(tasksOf(job, 2).tasks.queuePosition({ ...job, status: 'queued' })).resolves.toBe(3);
    await expect(tasksOf(job, 2).tasks.queuePosition(job)).resolves.toBeNull();
  });
});

describe('a task waited on', () => {
  /** A job that runs for the first `runningReads` reads, then completes; and a clock that moves 100 ms a read. */
  function endingAfter(runningReads: number) {
    let reads = 0;
    let clock = 0;
    const tasks = new OwnedTasks(
      {
        get: () => Promise.resolve(++reads <= runningReads ? { ...job, status: 'processing' as const, output: null } : job),
        countQueuedBefore: () => Promise.resolve(0),
      },
      () => new Date((clock += 100)),
    );
    return { tasks, reads: () => reads };
  }

  it('answers as soon as a read finds the task ended', async () => {
    const { tasks, reads } = endingAfter(3);
    await expect(tasks.awaitOutcome('user-1', jobId, 20_000, () => 1)).resolves.toMatchObject({ status: 'completed' });
    expect(reads()).toBe(4);
  });

  it('answers the running task when the wait runs out, without a read past it', async () => {
    const { tasks, reads } = endingAfter(1000);
    await expect(tasks.awaitOutcome('user-1', jobId, 1_000, () => 1)).resolves.toMatchObject({ status: 'processing' });
    // Its clock moves 100 ms a read: ten reads fill the second, and none comes after it.
    expect(reads()).toBe(10);
  });

  it('refuses someone else’s task at the first read', async () => {
    const { tasks, reads } = endingAfter(3);
    await expect(tasks.awaitOutcome('user-2', jobId, 20_000, () => 1)).rejects.toMatchObject({ code: 'not_found' });
    expect(reads()).toBe(1);
  });
});

describe('task downloads', () => {
  const downloads = (record: JobRecord) => new TaskDownloads(tasksOf(record).tasks, signer, now);

  it('signs the output and its attachments for 15 minutes', async () => {
    await expect(downloads(job).downloadUrl('user-1', jobId)).resolves.toBe(`signed:${output.key}:cut.mp4:900`);
    await expect(downloads(job).fileUrl('user-1', output.attachments[0]!.key)).resolves.toBe(`signed:${output.attachments[0]!.key}:cut.ass:900`);
  });

  it('refuses a running task’s download with a hint, and an expired output', async () => {
    await expect(downloads({ ...job, status: 'processing', output: null }).downloadUrl('user-1', jobId)).rejects.toMatchObject({ code: 'conflict', param: 'id' });
    const expired = { ...job, output: { ...output, expiresAt: '2026-11-01T00:00:00Z' } };
    await expect(downloads(expired).downloadUrl('user-1', jobId)).rejects.toThrow(/expired/);
  });

  it('answers any path that is not exactly one of the caller’s outputs as missing', async () => {
    for (const path of [`outputs/user-2/${jobId}/cut.mp4`, `outputs/user-1/${jobId}/other.mp4`, 'inputs/user-1/x/cut.mp4']) {
      await expect(downloads(job).fileUrl('user-1', path)).rejects.toMatchObject({ code: 'not_found', param: 'path' });
    }
  });
});
