import type { QueuedJob } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { TERMINAL_STATUSES, type JobError, type JobRepository } from '@frameforge/functions/jobs';

/** What a dead-lettered job ends with when no try could record its own error (each one took its worker down). */
export function crashedFailure(attempts: number, requestId?: string): JobError {
  const stopped = `Error: the job stopped its worker ${attempts} ${attempts === 1 ? 'time' : 'times'} and was given up.`;
  return {
    code: 'internal_error',
    message: requestId ? `${stopped}\nRequest id: ${requestId}` : stopped,
    param: null,
    hint: 'Try again; if it keeps failing, contact support with the task id.',
  };
}

/**
 * Settles a job whose message reached the dead-letter queue: when no try
 * ended it (the worker died each time), it fails now, so its caller is not
 * left waiting on `processing` for ever. A job that already ended keeps its
 * outcome. Returns whether the job was changed.
 */
export async function settleDeadLetter(message: QueuedJob, jobs: JobRepository, at: Date): Promise<boolean> {
  const job = await jobs.get(message.jobId);
  if (!job || job.userId !== message.userId || TERMINAL_STATUSES.includes(job.status)) return false;
  await jobs.fail(job.id, crashedFailure(Math.max(1, job.attempts), job.requestId), at.toISOString());
  return true;
}
