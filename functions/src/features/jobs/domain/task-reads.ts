import { taskIdSchema } from '../contracts/task-id';
import { ConflictError, NotFoundError } from '../../../kernel/domain/errors';
import { TERMINAL_STATUSES, type JobRecord, type JobRepository } from './job';

const DOWNLOAD_URL_SECONDS = 15 * 60;

/** Signed links to stored files: all the read endpoints need from storage. */
export interface DownloadUrls {
  signedDownloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string>;
}

/**
 * A caller's own tasks, read: the task and its place in the queue. Apart
 * from submitting, so the read endpoints carry no queue, sealing or upload
 * code, and polling a task touches the job table alone.
 */
export class OwnedTasks {
  constructor(
    private readonly jobs: Pick<JobRepository, 'get' | 'countQueuedBefore'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A job of this user; someone else's job is indistinguishable from a missing one. */
  async getOwned(userId: string, id: string): Promise<JobRecord> {
    // Task ids are UUIDs: anything else cannot exist, and must not reach the store (key length limits).
    const job = taskIdSchema.safeParse(id).success ? await this.jobs.get(id) : undefined;
    if (!job || job.userId !== userId) {
      const shown = id.length > 64 ? `${id.slice(0, 64)}…` : id;
      throw new NotFoundError(`No task with id ${shown}.`, { param: 'id' });
    }
    return job;
  }

  /**
   * The owner's job once it has ended, or as it stands when `timeoutMs` runs
   * out: read again after the time `readAfterMs` gives for what the last read
   * found, so the end is seen within that time.
   */
  async awaitOutcome(userId: string, id: string, timeoutMs: number, readAfterMs: (job: JobRecord, now: Date) => number): Promise<JobRecord> {
    const deadline = this.now().getTime() + timeoutMs;
    for (;;) {
      const job = await this.getOwned(userId, id);
      if (TERMINAL_STATUSES.includes(job.status)) return job;
      const now = this.now();
      const pause = Math.min(readAfterMs(job, now), deadline - now.getTime());
      if (pause <= 0) return job;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** A queued job's place among its owner's waiting jobs (1 = next); null once it runs or ended. */
  async queuePosition(job: JobRecord): Promise<number | null> {
    if (job.status !== 'queued') return null;
    return (await this.jobs.countQueuedBefore(job.userId, job.createdAt)) + 1;
  }
}

/** Short-lived links to a caller's own outputs, for as long as outputs are kept. */
export class TaskDownloads {
  constructor(
    private readonly tasks: OwnedTasks,
    private readonly urls: DownloadUrls,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A signed URL of one of the caller's own output files, by its storage
   * path (`/file?path=`): the path must be exactly an output of a task of
   * theirs; anything else is indistinguishable from a missing file.
   */
  async fileUrl(userId: string, path: string): Promise<string> {
    const missing = () => new NotFoundError('No such file among your outputs.', { param: 'path', hint: 'Use a path from a task output.' });
    const match = /^outputs\/([^/]+)\/([0-9a-f-]{36})\/([A-Za-z0-9._-]{1,200})$/.exec(path);
    if (!match || match[1] !== userId) throw missing();
    const job = await this.tasks.getOwned(userId, match[2] ?? '').catch(() => {
      throw missing();
    });
    const files = job.output ? [job.output, ...(job.output.attachments ?? [])] : [];
    const file = files.find((f) => f.key === path);
    if (!file || !job.output) throw missing();
    this.assertNotExpired(job.output.expiresAt, 'path');
    return this.urls.signedDownloadUrl(file.key, file.fileName, DOWNLOAD_URL_SECONDS);
  }

  async downloadUrl(userId: string, id: string): Promise<string> {
    const job = await this.tasks.getOwned(userId, id);
    if (job.status !== 'completed' || !job.output) {
      throw new ConflictError(`Task ${id} is ${job.status}; its result is not available.`, {
        param: 'id',
        hint: job.status === 'failed' ? 'See the task error.' : 'Poll status_url until status is completed.',
      });
    }
    this.assertNotExpired(job.output.expiresAt, 'id');
    return this.urls.signedDownloadUrl(job.output.key, job.output.fileName, DOWNLOAD_URL_SECONDS);
  }

  /** Outputs are kept for the stated time (7 days), then gone, whatever storage still holds. */
  private assertNotExpired(expiresAt: string, param: string): void {
    if (Date.parse(expiresAt) <= this.now().getTime()) {
      throw new NotFoundError(`This output expired at ${expiresAt}.`, { param, hint: 'Outputs are kept for 7 days; run the task again.' });
    }
  }
}
