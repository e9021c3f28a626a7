import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaEndpoint, MediaJobMessage, MediaJobOf } from '@frameforge/functions/contracts/media-jobs';
import { outputKey, TERMINAL_STATUSES, type JobOutput, type JobRepository, type MediaStorage } from '@frameforge/functions/domain/jobs/job';
import { probeMedia } from '../ffmpeg/probe';
import { FfmpegFailedError } from '../ffmpeg/run-ffmpeg';
import { operations } from '../operations';
import { InputRejectedError, type LocalInput, type Operation, type OperationContext, type OperationOutput } from '../operations/operation';

export { InputRejectedError } from '../operations/operation';

export interface ProcessDeps {
  jobs: JobRepository;
  storage: MediaStorage;
  workDir: string;
  now?: () => Date;
  signal?: AbortSignal;
}

const OUTPUT_RETENTION_DAYS = 7;
const PROGRESS_STEP = 5;

function run<T extends MediaEndpoint>(job: MediaJobOf<T>, context: Omit<OperationContext<T>, 'job'>): ReturnType<Operation<T>> {
  const operation = operations[job.type] as Operation<T> | undefined;
  if (!operation) {
    throw new InputRejectedError({
      code: 'operation_unavailable',
      message: `Error: the ${job.type} operation is not available on this worker.`,
      param: null,
      hint: 'Try again later.',
    });
  }
  return operation({ job, ...context });
}

/**
 * Runs one job to its end. Idempotent by job id: a job that already ended
 * is left alone, so a redelivered message never processes (or charges) twice.
 */
export async function processJob(message: MediaJobMessage, deps: ProcessDeps): Promise<'done' | 'skipped'> {
  const now = deps.now ?? (() => new Date());
  const job = await deps.jobs.get(message.jobId);
  if (!job || job.userId !== message.userId || TERMINAL_STATUSES.includes(job.status)) return 'skipped';
  if (!(await deps.jobs.claim(job.id, now().toISOString()))) return 'skipped';

  const dir = await mkdtemp(join(deps.workDir, `job-${job.id}-`));
  try {
    const inputs: LocalInput[] = await Promise.all(
      message.inputs.map(async (input, index) => {
        // Local names are ours, never the caller's: no path or option can ride in on a file name.
        const path = join(dir, `in-${index}${/\.[a-z0-9]{1,5}$/i.exec(input.fileName)?.[0].toLowerCase() ?? '.bin'}`);
        await deps.storage.downloadToFile(input.key, path);
        return { ...input, path };
      }),
    );
    let reported = 0;
    const onProgress = (percent: number) => {
      if (percent - reported < PROGRESS_STEP) return;
      reported = percent;
      void deps.jobs.updateProgress(job.id, percent, now().toISOString()).catch(() => undefined);
    };
    const result = await run(message, { inputs, dir, onProgress, signal: deps.signal });
    const expiresAt = new Date(now().getTime() + OUTPUT_RETENTION_DAYS * 86_400_000).toISOString();
    const store = async (file: OperationOutput) => {
      const key = outputKey(job.userId, job.id, file.fileName);
      const size = await deps.storage.uploadFromFile(key, file.path, file.mediaType, file.fileName);
      return { key, fileName: file.fileName, size, mediaType: file.mediaType };
    };
    const main = await store(result.output);
    const attachments = await Promise.all((result.attachments ?? []).map(store));
    const duration = result.output.mediaType.startsWith('image/') ? null : ((await probeMedia(result.output.path))?.durationSeconds ?? null);
    const output: JobOutput = { ...main, duration, expiresAt, ...(attachments.length ? { attachments } : {}) };
    await deps.jobs.complete(job.id, output, now().toISOString());
    return 'done';
  } catch (error) {
    if (error instanceof InputRejectedError) {
      await deps.jobs.fail(job.id, error.jobError, now().toISOString());
      return 'done';
    }
    if (error instanceof FfmpegFailedError) {
      // ffmpeg refusing the input is the input's fault: report it with ffmpeg's own words.
      await deps.jobs.fail(
        job.id,
        {
          code: 'processing_failed',
          message: `Error: the media could not be processed.\n${error.message}\n${error.detail}`,
          param: null,
          hint: 'Check that the file plays and that the parameters fit inside it.',
        },
        now().toISOString(),
      );
      return 'done';
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
