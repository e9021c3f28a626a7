import { rm } from 'node:fs/promises';
import type { QueuedJob } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import {
  outputKey,
  runnableJob,
  slotsOf,
  TERMINAL_STATUSES,
  type JobRecord,
  type JobRepository,
  type JobSlots,
  type MediaStorage,
  type PartUploads,
  type Sealer,
} from '@frameforge/functions/jobs';
import { JOB_WALL_CLOCK_SECONDS } from '../ffmpeg/run-limits';
import type { Logger } from '../logging/logger';
import type { Providers } from '../providers';
import { CancelWatch } from './cancel-watch';
import { ourFailure } from './failure-causes';
import { inputFailure, pathNames } from './job-errors';
import type { UrlFetcher } from './job-inputs';
import { JobLease } from './job-lease';
import { GrowingUpload, type GrowingFile } from './growing-upload';
import { dropKept, findKeptOutputs } from './kept-outputs';
import { produceResult } from './produce-result';
import type { DiskSpaceOf } from './scratch-space';
import { storeOutputs } from './store-outputs';
import { makeJobDir } from './work-dir';

export { InputRejectedError } from '../operations/operation';

export interface ProcessDeps {
  jobs: JobRepository;
  storage: MediaStorage;
  workDir: string;
  now?: () => Date;
  /** Aborted when the worker stops: the job is handed back, not failed. */
  signal?: AbortSignal;
  /** This worker's name in job leases. */
  workerId?: string;
  /** How long a claim holds without renewal. */
  leaseSeconds?: number;
  /** Opens the job's sealed secrets; the one this process's configuration names when absent. */
  sealer?: Sealer;
  /** Running-job slots per user: a job beyond its tier's cap waits its turn. */
  slots?: JobSlots;
  /** Downloads URL inputs (the safe fetcher); a job with a URL input fails without one. */
  fetchUrl?: UrlFetcher;
  /** The voice, separation and speech engines the worker's configuration chose. */
  providers: Providers;
  /** Measures the scratch disk (statfs by default). */
  diskSpace?: DiskSpaceOf;
  /** Waits between tries of a failing store within one try of the job. */
  storeRetryDelaysMs?: readonly number[];
  /** How often the running job's record is read for its owner's cancel (CANCEL_POLL_MS by default). */
  cancelPollMs?: number;
  /** Told when the job waits for one of its owner's running-job slots (the concurrency usage alert). */
  onWaiting?: (job: JobRecord) => Promise<void>;
  /** Multipart uploads the worker sends itself: with them, an output is stored while it is written. */
  partUploads?: PartUploads;
  /** Reads the stored inputs of crops and cuts from storage as ffmpeg goes, instead of downloading them first. */
  streamInputs?: boolean;
  /** The part size of those uploads (16 MiB by default). */
  partBytes?: number;
  /** The job's log: store retries, a result reused from an earlier try, and where a finished job's time went. */
  log?: Pick<Logger, 'info' | 'warn'>;
}

/**
 * done: the job ended (completed or failed); skipped: nothing to do (it
 * ended already); busy: another worker holds a live lease on it (or took it
 * over from this one); released: this worker stopped and handed it back;
 * waiting: the user's running-job slots are all taken, the job waits its turn;
 * canceled: its owner canceled it while it ran, and it stopped, keeping nothing.
 */
export type ProcessOutcome = 'done' | 'skipped' | 'busy' | 'released' | 'waiting' | 'canceled';

const DEFAULT_LEASE_SECONDS = 120;
const DEFAULT_PART_BYTES = 16 * 1024 ** 2;

/**
 * Runs one job to its end under a lease. A job that already ended is left
 * alone, and one another worker holds is not touched while its lease lives,
 * so a redelivered message never runs a job twice at once or twice to the end.
 */
export async function processJob(message: QueuedJob, deps: ProcessDeps): Promise<ProcessOutcome> {
  const now = deps.now ?? (() => new Date());
  const owner = deps.workerId ?? `worker-${process.pid}`;
  const leaseSeconds = deps.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const job = await deps.jobs.get(message.jobId);
  if (!job || job.userId !== message.userId) return 'skipped';
  if (TERMINAL_STATUSES.includes(job.status)) {
    // Ended elsewhere or on its last try: a result kept here for its next try has none to wait for.
    await dropKept(deps.workDir, job.id).catch(() => undefined);
    return 'skipped';
  }
  if (deps.signal?.aborted) return 'released';
  const at = now();
  const until = JobLease.until(at, leaseSeconds);
  const slots = deps.slots;
  // A test job runs in its owner's test slots: test work never holds the plan's jobs back.
  const slotOwner = slotsOf({ userId: job.userId, tier: job.tier, mode: job.mode });
  if (slots && !(await slots.acquire(slotOwner.owner, job.id, slotOwner.cap, Date.parse(until), at.getTime()))) {
    await deps.onWaiting?.(job);
    return 'waiting';
  }
  const freeSlot = () => slots?.release(slotOwner.owner, job.id).catch(() => undefined);
  if (!(await deps.jobs.claim(job.id, at.toISOString(), { owner, until }))) {
    const latest = await deps.jobs.get(job.id);
    // Busy: the worker running it holds the slot under the same job id.
    if (latest && !TERMINAL_STATUSES.includes(latest.status)) return 'busy';
    await freeSlot();
    return 'skipped';
  }

  const lease = new JobLease(deps.jobs, job.id, owner, leaseSeconds, now, slots && ((untilMs) => slots.renew(slotOwner.owner, job.id, untilMs)));
  const cancel = new CancelWatch(deps.jobs, job.id, deps.cancelPollMs);
  const stop = AbortSignal.any([cancel.canceled.signal, lease.lost.signal, ...(deps.signal ? [deps.signal] : [])]);
  let canceled = false;
  /** What this try stored: removed again if the cancel wins the race with the completion. */
  let stored: string[] = [];
  const dir = await makeJobDir(deps.workDir, job.id);
  let names = pathNames([]);
  const stagesMs: Record<string, number> = {};
  let growing: GrowingUpload | undefined;
  const partUploads = deps.partUploads;
  const storeWhileWriting =
    partUploads &&
    ((file: GrowingFile) => {
      void growing?.abort();
      const options = { partBytes: deps.partBytes ?? DEFAULT_PART_BYTES, ...(deps.log ? { log: deps.log } : {}) };
      growing = new GrowingUpload(partUploads, outputKey(job.userId, job.id, file.fileName), file, options);
    });
  try {
    // An earlier try on this worker made the result and only its store failed: it is stored without running again.
    const kept = await findKeptOutputs(deps.workDir, job.id);
    if (kept) deps.log?.info('storing the result an earlier try kept, without running the job again');
    const result =
      kept ??
      (await produceResult(runnableJob(job, message.secrets), {
        ...deps,
        dir,
        signal: stop,
        deadline: at.getTime() + JOB_WALL_CLOCK_SECONDS * 1000,
        progressFrom: job.progress,
        now,
        onArrived: (arrived) => (names = pathNames(arrived)),
        onStage: (stage, ms) => (stagesMs[stage] = ms),
        ...(storeWhileWriting ? { storeWhileWriting } : {}),
      }));
    if (stop.aborted) throw stop.reason;
    const storeStart = performance.now();
    const output = await storeOutputs(result, {
      storage: deps.storage,
      userId: job.userId,
      jobId: job.id,
      now,
      signal: stop,
      ...(deps.storeRetryDelaysMs ? { delaysMs: deps.storeRetryDelaysMs } : {}),
      // A result made in this try is kept for the next one; a kept one stays where it is.
      ...(kept ? {} : { keepIn: deps.workDir }),
      ...(growing ? { growing } : {}),
      onRetry: (attempt, error) => deps.log?.warn('storing the result failed, trying again', { store_try: attempt, error }),
    });
    stored = [output.key, ...(output.attachments ?? []).map((file) => file.key)];
    stagesMs.store = Math.round(performance.now() - storeStart);
    await deps.jobs.complete(job.id, output, now().toISOString(), owner);
    deps.log?.info('job stages', { stages_ms: stagesMs });
    await dropKept(deps.workDir, job.id);
    return 'done';
  } catch (error) {
    // Canceled: whatever stopped the job (the cancel's abort, a lease or completion its write refused), it is no failure.
    if ((canceled = await cancel.confirm())) {
      await dropKept(deps.workDir, job.id).catch(() => undefined);
      // Unreachable already (a canceled task has no output), and gone with the outputs' 7 days if this fails.
      if (stored.length) await deps.storage.deleteObjects(stored).catch((e: unknown) => deps.log?.warn('a canceled job’s stored output was not removed', { error: e }));
      deps.log?.info('job canceled by its owner: stopped, nothing kept', { stages_ms: stagesMs });
      return 'canceled';
    }
    // Another worker took the job over: its message comes back later and finds the job ended.
    if (lease.lost.signal.aborted) return 'busy';
    if (deps.signal?.aborted) {
      // Stopping: whatever the operation threw on its way out, the job goes back for another worker.
      await deps.jobs.releaseLease(job.id, owner, now().toISOString()).catch(() => undefined);
      return 'released';
    }
    // Ours (storage, disk, memory) is tried again with its cause; otherwise the input may be at fault.
    const ours = ourFailure(error);
    const failure = ours ? undefined : inputFailure(error, names, dir);
    if (failure) {
      await deps.jobs.fail(job.id, failure, now().toISOString());
      return 'done';
    }
    // Ours to retry: free the lease so the next delivery need not wait for it to run out.
    await deps.jobs.releaseLease(job.id, owner, now().toISOString()).catch(() => undefined);
    throw ours ?? error;
  } finally {
    // Completed already when the job was stored; otherwise its parts are dropped, without holding the job's end up.
    void growing?.abort();
    lease.stop();
    cancel.stop();
    // A job taken over by another worker keeps its slot: that worker holds it now. A canceled one needs it no more.
    if (canceled || !lease.lost.signal.aborted) await freeSlot();
    await rm(dir, { recursive: true, force: true });
  }
}
