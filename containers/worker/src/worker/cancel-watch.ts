import type { JobRepository } from '@frameforge/functions/jobs';

/**
 * How often a running job's record is read for a cancel. A cancel must stop
 * ffmpeg within 2 s; a read a second leaves a second for the read and the
 * kill, and costs one small consistent read a second per running job.
 */
export const CANCEL_POLL_MS = 1000;

/** The reason a canceled job's signal aborts with: its owner ended it, nothing failed. */
export class JobCanceledError extends Error {
  constructor(jobId: string) {
    super(`Task ${jobId} was canceled by its owner.`);
    this.name = 'JobCanceledError';
  }
}

/**
 * Watches a running job's record for its owner's cancel (the API ends the
 * record as canceled; the worker holds no other channel to hear it) and
 * aborts `canceled` once it sees one, which stops the job's ffmpeg at once.
 */
export class CancelWatch {
  readonly canceled = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private looking: Promise<void> | undefined;

  constructor(
    private readonly jobs: Pick<JobRepository, 'get'>,
    private readonly jobId: string,
    intervalMs = CANCEL_POLL_MS,
  ) {
    this.timer = setInterval(() => void this.look(), intervalMs);
  }

  /**
   * Whether the job was canceled, reading its record once more if no look
   * saw it yet: an error the job ends with (a lost lease, a refused
   * completion) may be the cancel's own doing, and must not count as a failure.
   */
  async confirm(): Promise<boolean> {
    if (!this.canceled.signal.aborted) await this.look();
    return this.canceled.signal.aborted;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One read at a time: a slow table never piles reads up. */
  private look(): Promise<void> {
    this.looking ??= this.read().finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async read(): Promise<void> {
    try {
      const job = await this.jobs.get(this.jobId);
      if (job?.status === 'canceled') this.canceled.abort(new JobCanceledError(this.jobId));
    } catch {
      // A failed read is made again on the next beat; the job goes on meanwhile.
    }
  }
}
