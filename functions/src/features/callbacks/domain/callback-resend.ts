import { MAX_CALLBACK_ATTEMPTS, MAX_CALLBACK_RESENDS } from '../contracts/callback-deliveries';
import { TERMINAL_STATUSES, type JobRecord } from '../../jobs/domain/job';
import type { OwnedTasks } from '../../jobs/domain/task-reads';
import { CallbackPendingError, CallbackResendLimitError, NoCallbackUrlError, TaskNotEndedError } from '../../../kernel/domain/errors';
import type { CallbackQueue } from './callback-service';

/**
 * The owner asks for a task's callback again (the portal's Resend): one
 * more delivery of the same event, signed as every delivery is, queued for
 * the worker, which records it as the task's next try. It goes whether an
 * earlier try succeeded or not, and is never retried on its own.
 */
export class CallbackResends {
  constructor(
    private readonly tasks: Pick<OwnedTasks, 'getOwned'>,
    private readonly queue: CallbackQueue,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Queues the delivery; answers the task as it is (the try shows on it once made). */
  async resend(userId: string, id: string): Promise<{ job: JobRecord; attempt: number }> {
    const job = await this.tasks.getOwned(userId, id);
    if (!TERMINAL_STATUSES.includes(job.status)) {
      throw new TaskNotEndedError(`Task ${job.id} is ${job.status}; its callback is sent once it ends.`, {
        param: 'id',
        hint: 'Wait until the task completes, fails or is canceled.',
      });
    }
    if (!job.callback) {
      throw new NoCallbackUrlError(`Task ${job.id} was made without a callback_url; there is nowhere to send its callback.`, {
        param: 'callback_url',
        hint: 'Pass callback_url with the processing request to get the outcome delivered.',
      });
    }
    const { attempts } = job.callback;
    const last = attempts[attempts.length - 1];
    if (last?.next_attempt_at && Date.parse(last.next_attempt_at) > this.now().getTime() - PENDING_GRACE_MS) {
      throw new CallbackPendingError(`Task ${job.id}'s callback is being retried: try ${last.attempt + 1} is due at ${last.next_attempt_at}.`, {
        param: 'id',
        hint: 'Wait for that try, then resend if it fails.',
      });
    }
    const attempt = attempts.length + 1;
    if (attempt > MAX_CALLBACK_ATTEMPTS + MAX_CALLBACK_RESENDS) {
      throw new CallbackResendLimitError(`Task ${job.id}'s callback was tried ${attempts.length} times, as many as a task keeps.`, {
        param: 'id',
        hint: 'Read the task with GET /task/{id} instead.',
      });
    }
    await this.queue.send({ jobId: job.id, userId: job.userId, attempt, resend: true }, 0);
    return { job, attempt };
  }
}

/** A retry a little past its due time may still be on its way (the queue's delay, the worker's pick-up). */
const PENDING_GRACE_MS = 60_000;
