import type { MediaEndpoint, MediaJobMessage, MediaJobOf } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { JobRepository, Sealer } from '@frameforge/functions/jobs';
import { admitInputs, type ArrivedInput } from '../admission/admit-inputs';
import { estimateDownloadBytes, estimateScratchBytes } from '../admission/scratch-estimate';
import { runLimits } from '../ffmpeg/run-limits';
import { operations } from '../operations';
import type { Operation, OperationContext, OperationResult } from '../operations/operation';
import type { Providers } from '../providers';
import { capTestOutput } from '../test-mode/cap-test-output';
import { FfmpegFailedError, FfmpegTimeoutError, reportsStorageReadFailure } from '../ffmpeg/ffmpeg-errors';
import { storageReads } from '../ffmpeg/input-guards';
import { storageFailure } from './failure-causes';
import { fetchInputs, type UrlFetcher } from './job-inputs';
import { openSecrets, withSecretsHidden } from './job-secrets';
import { ensureScratchSpace, type DiskSpaceOf } from './scratch-space';

/**
 * Operations whose inputs ffmpeg alone reads: their stored inputs are read
 * from storage as ffmpeg goes instead of downloaded first. Crop and cut read
 * each input once; the last frame reads only the index and the last seconds,
 * by range, so a 2 GB video gives its frame without 2 GB coming down first.
 */
const STREAMED_INPUTS: ReadonlySet<MediaEndpoint> = new Set(['crop', 'cut', 'frame_last']);

/** ffmpeg could not read a streamed input from storage: storage's failure, not the input's. */
async function readingStorage<T>(streamed: boolean, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (streamed && error instanceof FfmpegFailedError && !(error instanceof FfmpegTimeoutError) && reportsStorageReadFailure(error.detail)) {
      throw storageFailure(error, 'input');
    }
    throw error;
  }
}

const PROGRESS_STEP = 5;
const PROGRESS_INTERVAL_MS = 1000;

export interface ProduceContext {
  jobs: JobRepository;
  storage: Parameters<typeof fetchInputs>[1];
  fetchUrl?: UrlFetcher;
  sealer?: Sealer;
  providers: Providers;
  diskSpace?: DiskSpaceOf;
  /** The job's own folder. */
  dir: string;
  /** Aborted when the worker stops or loses the job. */
  signal: AbortSignal;
  /** Epoch ms by which every run of the job must be done. */
  deadline: number;
  /** The progress the job reached in earlier tries: reports start above it. */
  progressFrom: number;
  now: () => Date;
  /** Told which local files the inputs became, so errors can name them by role. */
  onArrived: (arrived: readonly ArrivedInput[]) => void;
  /** Told how long each stage took, in ms, as it ends: where a slow job's time went. */
  onStage?: (stage: ResultStage, ms: number) => void;
  /** Reads the stored inputs of the operations that allow it from storage as ffmpeg goes, instead of downloading them first. */
  streamInputs?: boolean;
  /** Stores the main output while the operation writes it (see GrowingUpload). */
  storeWhileWriting?: OperationContext<MediaEndpoint>['storeWhileWriting'];
}

/** The stages of making a result: bringing the inputs in, admitting them (probes, disk), running the operation. */
export type ResultStage = 'inputs' | 'admission' | 'operation';

/** Runs `step`, then reports its duration under `stage`. */
async function timed<T>(stage: ResultStage, onStage: ProduceContext['onStage'], step: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const value = await step();
  onStage?.(stage, Math.round(performance.now() - start));
  return value;
}

function run<T extends MediaEndpoint>(job: MediaJobOf<T>, context: Omit<OperationContext<T>, 'job'>): ReturnType<Operation<T>> {
  // The map holds one operation per job type; TypeScript cannot tie the two type parameters together.
  const operation = operations[job.type] as Operation<T>;
  return operation({ job, ...context });
}

/** Reports progress in steps of 5 and at most once a second (it must not cost the job it reports on), never below `from`. */
function progressReporter(jobs: JobRepository, jobId: string, from: number, now: () => Date): (percent: number) => void {
  let reported = from;
  let reportedAt = 0;
  return (percent) => {
    const at = now();
    if (percent - reported < PROGRESS_STEP || at.getTime() - reportedAt < PROGRESS_INTERVAL_MS) return;
    reported = percent;
    reportedAt = at.getTime();
    void jobs.updateProgress(jobId, percent, at.toISOString()).catch(() => undefined);
  };
}

/**
 * Makes a job's result in its folder: the scratch disk checked for the
 * inputs whose sizes are known, the inputs brought in and admitted, the disk
 * checked again for the result the admitted inputs will make, then the
 * operation run under the job's time limits; a test key's result is capped
 * and watermarked within the same limits.
 */
export async function produceResult(message: MediaJobMessage, context: ProduceContext): Promise<OperationResult> {
  const { dir } = context;
  const streamed = context.streamInputs === true && STREAMED_INPUTS.has(message.type);
  // Stored inputs (uploads, earlier outputs) have known sizes, and take no disk when streamed; URL inputs are measured as they arrive.
  const known = streamed ? [] : message.inputs.filter((input) => input.url === undefined).map((input) => input.size);
  const arrived = await timed('inputs', context.onStage, async () => {
    await ensureScratchSpace(dir, estimateDownloadBytes(known), context.diskSpace);
    return fetchInputs(message, context.storage, dir, context.fetchUrl, streamed);
  });
  context.onArrived(arrived);
  try {
    return await admitAndRun(message, context, arrived, streamed);
  } finally {
    if (streamed) storageReads.forget(arrived.map((input) => input.path));
  }
}

async function admitAndRun(message: MediaJobMessage, context: ProduceContext, arrived: readonly ArrivedInput[], streamed: boolean): Promise<OperationResult> {
  const { dir, signal } = context;
  const { inputs, timeoutSeconds } = await timed('admission', context.onStage, async () => {
    const admitted = await admitInputs(arrived, message.tier);
    const scratch = admitted.inputs.map((input) => ({ bytes: input.size, ...input.probe }));
    await ensureScratchSpace(dir, estimateScratchBytes(message.type, scratch), context.diskSpace);
    return admitted;
  });
  const onProgress = progressReporter(context.jobs, message.jobId, context.progressFrom, context.now);
  const secrets = await openSecrets(message, context.sealer);
  // A test key's result is cut down once made: the file being written is not the one stored.
  const storeWhileWriting = message.mode === 'test' ? undefined : context.storeWhileWriting;
  return timed('operation', context.onStage, () =>
    readingStorage(streamed, () =>
      runLimits.run({ timeoutSeconds, deadline: context.deadline, signal }, async () => {
        const made = await withSecretsHidden(secrets, () =>
          run(message, { inputs, dir, onProgress, signal, secrets, providers: context.providers, ...(storeWhileWriting ? { storeWhileWriting } : {}) }),
        );
        return message.mode === 'test' ? capTestOutput(made, { dir, signal }) : made;
      }),
    ),
  );
}
