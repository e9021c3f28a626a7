import { CONCURRENT_JOBS, type JobRecord, type JobRepository, type JobFailureEmails, type UsageAlerts } from '@frameforge/functions/jobs';
import { jobLogger, workerLogger, type Logger } from '../logging/logger';

/** The message of the one line logged per ended job; the stack's metric filters match it. */
export const JOB_ENDED = 'job ended';

export interface WorkerNotices {
  /** A job waits because its user's running-job slots are all held: the concurrency usage alert. */
  waiting(job: Pick<JobRecord, 'id' | 'userId' | 'tier' | 'mode'>, log?: Logger): Promise<void>;
  /**
   * A job this worker ended, or found ended: its failure e-mail when it failed
   * (once per job). `endedHere` logs the outcome once (`job ended`, with
   * `job_status`), the line the job-failure-rate alarm counts.
   */
  ended(jobId: string, log?: Logger, endedHere?: boolean): Promise<void>;
}

/** The worker's e-mails; a notice that cannot go out is logged, never a reason to touch the job. */
export function workerNotices(
  notifications: { usageAlerts: Pick<UsageAlerts, 'notify'>; jobFailures: Pick<JobFailureEmails, 'notify'> },
  jobs: Pick<JobRepository, 'get'>,
): WorkerNotices {
  return {
    async waiting(job, log = jobLogger(workerLogger, job.id)) {
      // A test job waits for the test keys' own slot: no plan's limit is reached.
      if (job.mode === 'test') return;
      try {
        const outcome = await notifications.usageAlerts.notify(job.userId, {
          kind: 'concurrency',
          cap: CONCURRENT_JOBS[job.tier],
          tier: job.tier,
        });
        if (outcome === 'sent') log.info('usage alert sent (running-job cap)');
      } catch (error) {
        log.error('the usage alert could not be sent', { error });
      }
    },
    async ended(jobId, log = jobLogger(workerLogger, jobId), endedHere = false) {
      try {
        const job = await jobs.get(jobId);
        if (job && endedHere) log.info(JOB_ENDED, { job_status: job.status, endpoint: job.endpoint });
        if (job && (await notifications.jobFailures.notify(job)) === 'sent') log.info('failure e-mail sent');
      } catch (error) {
        log.error('the failure e-mail could not be sent', { error });
      }
    },
  };
}
