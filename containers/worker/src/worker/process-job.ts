import { rm } from 'node:fs/promises';
import type { MediaEndpoint, MediaJobMessage, MediaJobOf } from '@frameforge/functions/contracts/media-jobs';
import { outputKey, TERMINAL_STATUSES, type JobOutput, type JobRepository, type MediaStorage } from '@frameforge/functions/domain/jobs/job';
import { CONCURRENT_JOBS, type JobSlots } from '@frameforge/functions/domain/limits/concurrency';
import type { Sealer } from '@frameforge/functions/domain/shared/sealer';
import { admitInputs } from '../admission/admit-inputs';
import { runLimits } from '../ffmpeg/run-limits';
import { operations } from '../operations';
import type { Operation, OperationContext, OperationOutput } from '../operations/operation';
import type { Providers } from '../providers';
import { inputFailure, pathNames } from './job-errors';
import { fetchInputs, type UrlFetcher } from './job-inputs';
import { JobLease } from './job-lease';
import { openSecrets, withSecretsHidden } from './job-secrets';
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
}

/**
 * done: the job ended (completed or failed); skipped: nothing to do (it
 * ended already); busy: another worker holds a live lease on it (or took it
 * over from this one); released: this worker stopped and handed it back;
 * waiting: the user's running-job slots are all taken, the job waits its turn.
 */
export type ProcessOutcome = 'done' | 'skipped' | 'busy' | 'released' | 'waiting';

const OUTPUT_RETENTION_DAYS = 7;
const PROGRESS_STEP = 5;
const PROGRESS_INTERVAL_MS = 1000;
const DEFAULT_LEASE_SECONDS = 120;

function run<T extends MediaEndpoint>(job: MediaJobOf<T>, context: Omit<OperationContext<T>, 'job'>): ReturnType<Operation<T>> {
  // The map holds one operation per job type; TypeScript cannot tie the two type parameters together.
  const operation = operations[job.type] as Operation<T>;
  return operation({ job, ...context });
}

/**
 * Runs one job to its end under a lease. A job that already ended is left
 * alone, and one another worker holds is not touched while its lease lives,
 * so a redelivered message never runs a job twice at once or twice to the end.
 */
export async function processJob(message: MediaJobMessage, deps: ProcessDeps): Promise<ProcessOutcome> {
  const now = deps.now ?? (() => new Date());
  const owner = deps.workerId ?? `worker-${process.pid}`;
  const leaseSeconds = deps.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const job = await deps.jobs.get(message.jobId);
  if (!job || job.userId !== message.userId || TERMINAL_STATUSES.includes(job.status)) return 'skipped';
  if (deps.signal?.aborted) return 'released';
  const at = now();
  const until = JobLease.until(at, leaseSeconds);
  const slots = deps.slots;
  if (slots && !(await slots.acquire(job.userId, job.id, CONCURRENT_JOBS[message.tier], Date.parse(until), at.getTime()))) return 'waiting';
  const freeSlot = () => slots?.release(job.userId, job.id).catch(() => undefined);
  if (!(await deps.jobs.claim(job.id, at.toISOString(), { owner, until }))) {
    const latest = await deps.jobs.get(job.id);
    // Busy: the worker running it holds the slot under the same job id.
    if (latest && !TERMINAL_STATUSES.includes(latest.status)) return 'busy';
    await freeSlot();
    return 'skipped';
  }

  const lease = new JobLease(deps.jobs, job.id, owner, leaseSeconds, now, slots && ((untilMs) => slots.renew(job.userId, job.id, untilMs)));
  const stop = AbortSignal.any([lease.lost.signal, ...(deps.signal ? [deps.signal] : [])]);
  const dir = await makeJobDir(deps.workDir, job.id);
  let names = pathNames([]);
  try {
    const arrived = await fetchInputs(message, deps.storage, dir, deps.fetchUrl);
    names = pathNames(arrived);
    const { inputs, timeoutSeconds } = await admitInputs(arrived, message.tier);
    let reported = 0;
    let reportedAt = 0;
    const onProgress = (percent: number) => {
      // Steps of 5 and at most one write a second: progress must not cost the job it reports on.
      if (percent - reported < PROGRESS_STEP || Date.now() - reportedAt < PROGRESS_INTERVAL_MS) return;
      reported = percent;
      reportedAt = Date.now();
      void deps.jobs.updateProgress(job.id, percent, now().toISOString()).catch(() => undefined);
    };
    const secrets = await openSecrets(message, deps.sealer);
    const result = await runLimits.run({ timeoutSeconds, signal: stop }, () =>
      withSecretsHidden(secrets, () => run(message, { inputs, dir, onProgress, signal: stop, secrets, providers: deps.providers })),
    );
    if (stop.aborted) throw stop.reason;
    const expiresAt = new Date(now().getTime() + OUTPUT_RETENTION_DAYS * 86_400_000).toISOString();
    const store = async (file: OperationOutput) => {
      const key = outputKey(job.userId, job.id, file.fileName);
      const size = await deps.storage.uploadFromFile(key, file.path, file.mediaType, file.fileName);
      return { key, fileName: file.fileName, size, mediaType: file.mediaType };
    };
    const [main, attachments] = await Promise.all([store(result.output), Promise.all((result.attachments ?? []).map(store))]);
    const duration = result.output.durationSeconds ?? null;
    const output: JobOutput = { ...main, duration, expiresAt, ...(attachments.length ? { attachments } : {}) };
    await deps.jobs.complete(job.id, output, now().toISOString(), owner);
    return 'done';
  } catch (error) {
    // Another worker took the job over: its message comes back later and finds the job ended.
    if (lease.lost.signal.aborted) return 'busy';
    if (deps.signal?.aborted) {
      // Stopping: whatever the operation threw on its way out, the job goes back for another worker.
      await deps.jobs.releaseLease(job.id, owner, now().toISOString()).catch(() => undefined);
      return 'released';
    }
    const failure = inputFailure(error, names, dir);
    if (failure) {
      await deps.jobs.fail(job.id, failure, now().toISOString());
      return 'done';
    }
    // Ours to retry: free the lease so the next delivery need not wait for it to run out.
    await deps.jobs.releaseLease(job.id, owner, now().toISOString()).catch(() => undefined);
    throw error;
  } finally {
    lease.stop();
    // A job taken over by another worker keeps its slot: that worker holds it now.
    if (!lease.lost.signal.aborted) await freeSlot();
    await rm(dir, { recursive: true, force: true });
  }
}
