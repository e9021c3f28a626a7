import { pathOfJobType } from '../contracts/job-paths';
import type { CallbackAttempt, JobRecord } from './job';
import { outputFileId } from './task-outputs';

/** The public task object of the product API (architecture, section 4). */
export interface TaskView {
  object: 'task';
  id: string;
  task_id: string;
  endpoint: string;
  status: JobRecord['status'];
  progress: number;
  /** While queued: 1 when this task starts next among the caller's own; null otherwise. */
  queue_position: number | null;
  status_url: string;
  created_at: string;
  /** When the first try started; a retry keeps it. */
  started_at: string | null;
  /** The try the task is on or ended in: 1 for the first, 0 before any started. */
  attempt: number;
  /** When it ended: completed, failed or canceled. */
  completed_at: string | null;
  /** When its owner canceled it. */
  canceled_at: string | null;
  error: JobRecord['error'];
  output: {
    /** Send it as file_id, file_ids… of another request to use this output as its input. */
    file_id: string;
    file_url: string;
    file_name: string;
    file_size: number;
    duration: number | null;
    media_type: string;
    expires_at: string;
    /** Its storage path, for `GET /file?path=`. */
    path: string;
    /** Further files of the result (the .ass of burned-in captions), each reachable with `GET /file?path=`. */
    attachments: { file_id: string; file_name: string; file_size: number; media_type: string; path: string }[];
  } | null;
  links: { self: string; download: string };
  /** The `callback_url` given with the job, and each try at delivering to it so far. */
  callback: { url: string; attempts: CallbackAttempt[] } | null;
  /** The caller's own pairs, as sent; `{}` when none were. */
  metadata: Record<string, string>;
  /** False for a task a test key made: its output is watermarked and capped. */
  livemode: boolean;
}

const taskLinks = (baseUrl: string, id: string) => ({
  self: `${baseUrl}/task/${id}`,
  download: `${baseUrl}/task/${id}/download`,
});

export function toTaskView(job: JobRecord, baseUrl: string, queuePosition: number | null = null): TaskView {
  const links = taskLinks(baseUrl, job.id);
  return {
    object: 'task',
    id: job.id,
    task_id: job.id,
    endpoint: pathOfJobType(job.endpoint),
    status: job.status,
    progress: job.progress,
    queue_position: job.status === 'queued' ? queuePosition : null,
    status_url: `/task/${job.id}`,
    created_at: job.createdAt,
    started_at: job.startedAt,
    attempt: job.attempts,
    completed_at: job.completedAt,
    canceled_at: job.canceledAt ?? null,
    error: job.error,
    output: job.output && {
      file_id: outputFileId(job.id),
      file_url: links.download,
      file_name: job.output.fileName,
      file_size: job.output.size,
      duration: job.output.duration,
      media_type: job.output.mediaType,
      expires_at: job.output.expiresAt,
      path: job.output.key,
      attachments: (job.output.attachments ?? []).map((file, index) => ({ file_id: outputFileId(job.id, index + 1), file_name: file.fileName, file_size: file.size, media_type: file.mediaType, path: file.key })),
    },
    links,
    callback: job.callback ? { url: job.callback.url, attempts: job.callback.attempts } : null,
    metadata: job.metadata ?? {},
    livemode: job.mode !== 'test',
  };
}

/** The 202 body: both the spec's fields and the task object's. */
export function toAcceptedView(job: JobRecord, baseUrl: string) {
  return {
    status: 'accepted' as const,
    message: 'accepted',
    task_id: job.id,
    status_url: `/task/${job.id}`,
    object: 'task' as const,
    id: job.id,
    endpoint: pathOfJobType(job.endpoint),
    created_at: job.createdAt,
    // Echoed as Stripe echoes it on create: the caller sees at once what the task will carry.
    metadata: job.metadata ?? {},
    links: taskLinks(baseUrl, job.id),
  };
}
