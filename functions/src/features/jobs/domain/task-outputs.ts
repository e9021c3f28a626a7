import type { InputRole, JobInput } from '../contracts/media-jobs';
import { ConflictError, NotFoundError } from '../../../kernel/domain/errors';
import type { JobRecord, JobRepository } from './job';

/**
 * The id a task gives each of its output files, so the next request can
 * take it as an input (`file_id`, `file_ids`…) with no download and no
 * upload: `out_<task id without dashes>` for the main output, `_1`, `_2`…
 * after it for attachments.
 */
export function outputFileId(jobId: string, attachment = 0): string {
  return `out_${jobId.replace(/-/g, '')}${attachment > 0 ? `_${attachment}` : ''}`;
}

const OUTPUT_ID = /^out_([0-9a-f]{32})(?:_([1-9]))?$/;

/** The task and which of its files an output id names; undefined for any other shape. */
export function parseOutputFileId(id: string): { jobId: string; attachment: number } | undefined {
  const match = OUTPUT_ID.exec(id);
  if (!match?.[1]) return undefined;
  const hex = match[1];
  const jobId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { jobId, attachment: Number(match[2] ?? 0) };
}

/** Resolves a caller's own task outputs as job inputs, for as long as the outputs live. */
export class TaskOutputFiles {
  constructor(
    private readonly jobs: Pick<JobRepository, 'get'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async resolve(userId: string, fileId: string, role: InputRole, param: string): Promise<JobInput> {
    const parsed = parseOutputFileId(fileId);
    const job: JobRecord | undefined = parsed ? await this.jobs.get(parsed.jobId) : undefined;
    // Someone else's task is answered as a missing one.
    if (!parsed || !job || job.userId !== userId) throw missing(fileId, param);
    if (job.status !== 'completed' || !job.output) {
      throw new ConflictError(`The task behind ${fileId} has not completed (it is ${job.status}).`, {
        param,
        hint: 'Wait for the task to complete (callback_url, or poll GET /task/{id}), then send its output id.',
      });
    }
    if (Date.parse(job.output.expiresAt) <= this.now().getTime()) {
      throw new NotFoundError(`The output ${fileId} has expired (outputs are kept 7 days).`, { param, hint: 'Run the task again.' });
    }
    const file = parsed.attachment === 0 ? job.output : job.output.attachments?.[parsed.attachment - 1];
    if (!file) throw missing(fileId, param);
    return { role, key: file.key, fileName: file.fileName, size: file.size };
  }
}

const missing = (fileId: string, param: string) =>
  new NotFoundError(`No output with id ${fileId.slice(0, 40)}.`, { param, hint: "Use the output.file_id of one of your completed tasks." });
