import type { JobRecord, JobStatus } from './job';
import { completedJob, jobId, now } from './output-test-support';
import { TaskCancels } from './task-cancel';
import { OwnedTasks } from './task-reads';

/** A job table of one job whose cancel write holds only while it is queued or processing, as the real one's does. */
function tableOf(status: JobStatus, endsBeforeTheWrite?: JobStatus) {
  let job: JobRecord = { ...completedJob, status, output: status === 'completed' ? completedJob.output : null };
  const writes: string[] = [];
  const jobs = {
    get: () => Promise.resolve(job),
    countQueuedBefore: () => Promise.resolve(0),
    cancel: (id: string, at: string) => {
      writes.push(id);
      if (endsBeforeTheWrite) job = { ...job, status: endsBeforeTheWrite };
      if (job.status !== 'queued' && job.status !== 'processing') return Promise.resolve(undefined);
      job = { ...job, status: 'canceled', canceledAt: at, completedAt: at };
      return Promise.resolve(job);
    },
  };
  return { cancels: new TaskCancels(new OwnedTasks(jobs), jobs, now), writes };
}

describe('task cancels', () => {
  it.each(['queued', 'processing'] as const)('ends a %s task as canceled, stamped with the time', async (status) => {
    const { cancels, writes } = tableOf(status);
    await expect(cancels.cancel('user-1', jobId)).resolves.toMatchObject({ status: 'canceled', canceledAt: now().toISOString() });
    expect(writes).toEqual([jobId]);
  });

  it('answers a canceled task again as it is, without writing', async () => {
    const { cancels, writes } = tableOf('queued');
    const first = await cancels.cancel('user-1', jobId);
    await expect(cancels.cancel('user-1', jobId)).resolves.toEqual(first);
    expect(writes).toEqual([jobId]);
  });

  it.each(['completed', 'failed'] as const)('refuses a %s task with a 409 code that says it already ended', async (status) => {
    const { cancels, writes } = tableOf(status);
    const refusal = cancels.cancel('user-1', jobId);
    await expect(refusal).rejects.toMatchObject({ code: 'task_already_ended', param: 'id', hint: expect.stringMatching(/\.$/) });
    await expect(refusal).rejects.toThrow(new RegExp(`^Task ${jobId} already ended: it is ${status}`));
    expect(writes).toEqual([]);
  });

  it('answers as the task ended when its end wins the race with the cancel', async () => {
    const { cancels } = tableOf('processing', 'completed');
    await expect(cancels.cancel('user-1', jobId)).rejects.toMatchObject({ code: 'task_already_ended' });
  });

  it('answers another user’s task, and an id that cannot exist, as missing', async () => {
    await expect(tableOf('queued').cancels.cancel('user-2', jobId)).rejects.toMatchObject({ code: 'not_found', param: 'id' });
    await expect(tableOf('queued').cancels.cancel('user-1', 'nope')).rejects.toMatchObject({ code: 'not_found' });
  });
});
