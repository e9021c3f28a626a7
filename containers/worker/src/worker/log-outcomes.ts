import type { JobRepository, TaskOutcomes } from '@frameforge/functions/jobs';
import type { Logger } from '../logging/logger';

/**
 * Puts an ended job's outcome on the log rows of its requests. Unlike the
 * e-mail and the callback, a failure here is thrown: the job's message then
 * comes back, finds the job ended and records the outcome again (the same
 * write twice changes nothing), so a crash or a refused write never leaves
 * a failed job showing as a plain 202 in the user's logs.
 */
export async function recordLogOutcome(jobId: string, jobs: Pick<JobRepository, 'get'>, outcomes: Pick<TaskOutcomes, 'jobEnded'>, log: Logger): Promise<void> {
  const job = await jobs.get(jobId);
  if (!job) return;
  const rows = await outcomes.jobEnded(job);
  if (rows > 0) log.info('task outcome logged', { job_status: job.status, log_rows: rows });
}
