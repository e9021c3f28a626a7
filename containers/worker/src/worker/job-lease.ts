import type { JobRepository } from '@frameforge/functions/jobs';

/**
 * Keeps a claimed job's lease alive while it runs, renewing it every third of
 * its length. When a renewal finds the lease gone (another worker took the job
 * over after we stalled), `lost` aborts so this worker stops at once.
 */
export class JobLease {
  readonly lost = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly jobs: JobRepository,
    private readonly jobId: string,
    readonly owner: string,
    private readonly seconds: number,
    private readonly now: () => Date,
    /** Renewed with the lease: the user's running-job slot this job holds. */
    private readonly alsoRenew?: (untilMs: number) => Promise<void>,
  ) {
    this.timer = setInterval(() => void this.renew(), (seconds * 1000) / 3);
  }

  /** The lease's end if it were taken or renewed now. */
  static until(now: Date, seconds: number): string {
    return new Date(now.getTime() + seconds * 1000).toISOString();
  }

  private async renew(): Promise<void> {
    try {
      const until = JobLease.until(this.now(), this.seconds);
      const held = await this.jobs.extendLease(this.jobId, { owner: this.owner, until });
      if (!held) this.lost.abort();
      else await this.alsoRenew?.(Date.parse(until));
    } catch {
      // A failed renewal is retried on the next beat; the lease outlasts two misses.
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
