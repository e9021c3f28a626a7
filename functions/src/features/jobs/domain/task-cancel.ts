import { TaskEndedError } from '../../../kernel/domain/errors';
import type { JobRecord, JobRepository } from './job';
import type { OwnedTasks } from './task-reads';

/**
 * Cancels a caller's own task. A queued one is ended at once; a running one
 * is ended in its record, and the worker running it sees that within a
 * second, stops its ffmpeg, frees its slot and drops what it made. The
 * record decides every race: the cancel's write holds only while the task
 * is queued or processing, as the completion's holds only while it runs.
 */
export class TaskCancels {
  constructor(
    private readonly tasks: Pick<OwnedTasks, 'getOwned'>,
    private readonly jobs: Pick<JobRepository, 'cancel'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The task as it is after the cancel; a canceled one again as it is (a retried call gets the same answer). */
  async cancel(userId: string, id: string): Promise<JobRecord> {
    const job = await this.tasks.getOwned(userId, id);
    if (job.status === 'canceled') return job;
    if (job.status === 'queued' || job.status === 'processing') {
      const canceled = await this.jobs.cancel(job.id, this.now().toISOString());
      if (canceled) return canceled;
      // It ended between the read and the write: answer as it ended.
      return this.ended(await this.tasks.getOwned(userId, id));
    }
    return this.ended(job);
  }

  private ended(job: JobRecord): JobRecord {
    if (job.status === 'canceled') return job;
    throw new TaskEndedError(`Task ${job.id} already ended: it is ${job.status}, and a task that ended cannot be canceled.`, {
      param: 'id',
      hint: job.status === 'completed' ? 'Its output is at links.download; nothing was canceled.' : 'See the task error; nothing was canceled.',
    });
  }
}
