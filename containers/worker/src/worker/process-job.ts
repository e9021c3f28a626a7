import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaJobMessage } from '@frameforge/functions/contracts/media-jobs';
import { outputKey, TERMINAL_STATUSES, type JobError, type JobRepository, type MediaStorage } from '@frameforge/functions/domain/jobs/job';
import { admitInput } from '@frameforge/functions/domain/jobs/admission';
import { knownExtension, mediaTypeOf } from '@frameforge/functions/domain/jobs/media-files';
import { cutArgs, cutLength } from '../ffmpeg/cut-args';
import { probeMedia } from '../ffmpeg/probe';
import { FfmpegFailedError, runFfmpeg } from '../ffmpeg/run-ffmpeg';

/** A failure caused by the input, not by us: the job fails at once, without retries. */
export class InputRejectedError extends Error {
  constructor(
    readonly jobError: JobError,
  ) {
    super(jobError.message);
    this.name = 'InputRejectedError';
  }
}

export interface ProcessDeps {
  jobs: JobRepository;
  storage: MediaStorage;
  workDir: string;
  now?: () => Date;
}

const OUTPUT_RETENTION_DAYS = 7;
const PROGRESS_STEP = 5;

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
    const input = join(dir, job.input.key.split('/').pop() ?? 'input.bin');
    await deps.storage.downloadToFile(job.input.key, input);
    const admission = admitInput(await probeMedia(input), 'file');
    if ('refusal' in admission) throw new InputRejectedError(admission.refusal);
    const probe = admission.admitted;
    if (job.params.start >= probe.durationSeconds) {
      throw new InputRejectedError({
        code: 'start_out_of_range',
        message: `Error: start (${job.params.start} s) is at or beyond the end of the input (${probe.durationSeconds.toFixed(3)} s).`,
        param: 'start',
        hint: 'Choose a start inside the media.',
      });
    }
    const extension = knownExtension(job.input.fileName) ?? (probe.hasVideo ? 'mp4' : 'm4a');
    const outExtension = probe.hasVideo ? (['mp4', 'mov', 'm4v'].includes(extension) ? extension : 'mp4') : 'm4a';
    const fileName = `cut-${job.id.slice(0, 8)}.${outExtension}`;
    const output = join(dir, fileName);
    let reported = 0;
    await runFfmpeg({
      args: cutArgs(input, output, job.params, probe),
      expectedSeconds: cutLength(job.params, probe),
      onProgress: (percent) => {
        if (percent - reported < PROGRESS_STEP) return;
        reported = percent;
        void deps.jobs.updateProgress(job.id, percent, now().toISOString()).catch(() => undefined);
      },
    });
    const outProbe = await probeMedia(output);
    const mediaType = mediaTypeOf(outExtension);
    const key = outputKey(job.userId, job.id, fileName);
    const size = await deps.storage.uploadFromFile(key, output, mediaType, fileName);
    const expiresAt = new Date(now().getTime() + OUTPUT_RETENTION_DAYS * 86_400_000).toISOString();
    await deps.jobs.complete(
      job.id,
      { key, fileName, size, mediaType, duration: outProbe?.durationSeconds ?? null, expiresAt },
      now().toISOString(),
    );
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
          hint: 'Check that the file plays and that start and duration fit inside it.',
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
