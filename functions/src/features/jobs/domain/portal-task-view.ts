import type { JobRecord } from './job';
import { toTaskView, type TaskView } from './task-view';

/** One input as the portal shows it: the uploaded file's name, or the URL it was fetched from. */
export interface PortalTaskInput {
  role: string;
  file_name: string;
  url: string | null;
  size: number;
}

/** The task object of the product API, and what the portal's task page shows besides. */
export type PortalTaskDetailView = TaskView & {
  inputs: PortalTaskInput[];
  params: Record<string, unknown>;
  /** A short-lived signed link to the output; null when there is none to fetch. */
  download_url: string | null;
};

/**
 * The portal's view of one task. Its links stay relative to the product API
 * (the portal knows that API's address); storage keys are not shown, only
 * file names (secrets never reach the record).
 */
export function toPortalTask(job: JobRecord, queuePosition: number | null, downloadUrl: string | null): PortalTaskDetailView {
  return {
    ...toTaskView(job, '', queuePosition),
    inputs: job.inputs.map((input) => ({ role: input.role, file_name: input.fileName, url: input.url ?? null, size: input.size })),
    params: { ...job.params },
    download_url: downloadUrl,
  };
}
