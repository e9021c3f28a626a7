import type { JobRecord } from '../../jobs/domain/job';
import { toTaskView, type TaskView } from '../../jobs/domain/task-view';

export type CallbackEventType = 'task.completed' | 'task.failed' | 'task.canceled';

/** The JSON body of a callback delivery. */
export interface CallbackEvent {
  /** The same for every try of one delivery: receivers dedupe on it. */
  id: string;
  type: CallbackEventType;
  /** When the job ended. */
  created_at: string;
  /** The task as `GET /task/{id}` shows it. */
  data: TaskView;
}

const EVENT_TYPES: Partial<Record<JobRecord['status'], CallbackEventType>> = {
  completed: 'task.completed',
  failed: 'task.failed',
  canceled: 'task.canceled',
};

/** The event a job in this status announces; none while it runs. */
export function callbackEventType(status: JobRecord['status']): CallbackEventType | undefined {
  return EVENT_TYPES[status];
}

/** Stable per job and outcome, so every try of a delivery carries the same id. */
export const callbackEventId = (jobId: string, status: JobRecord['status']): string => `evt_${jobId}_${status}`;

/** The event of an ended job with a callback; undefined when there is nothing to announce. */
export function toCallbackEvent(job: JobRecord): CallbackEvent | undefined {
  const type = callbackEventType(job.status);
  if (!type || !job.callback) return undefined;
  return {
    id: callbackEventId(job.id, job.status),
    type,
    created_at: job.completedAt ?? job.updatedAt,
    data: toTaskView(job, job.callback.baseUrl),
  };
}
