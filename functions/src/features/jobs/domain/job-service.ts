import { randomUUID } from 'node:crypto';
import { type JobSecrets, type MediaJobMessage } from '../contracts/media-jobs';
import type { Metadata } from '../../../kernel/contracts/metadata';
import type { InputSource } from '../contracts/requests/request-fields';
import type { Caller } from '../../../kernel/contracts/caller';
import { ConflictError, UpstreamError } from '../../../kernel/domain/errors';
import type { Sealer } from '../../../kernel/domain/sealer';
import type { InputResolver } from './input-resolver';
import type { JobQueue, JobRecord, JobRepository, MediaStorage } from './job';
import { sealJobSecrets } from './job-secrets';
import { OwnedTasks, TaskDownloads } from './task-reads';

/** Who submits a job: the key's owner and the tier that sets its limits. */
export type { Caller };

/** Records expire from the table 30 days after creation. */
const RECORD_RETENTION_SECONDS = 30 * 24 * 3600;

export interface SubmitOptions {
  /** Where the outcome is POSTed, and the API base URL its links use. */
  callback?: { url: string; baseUrl: string };
  /** Plain secrets the job needs (the caller's ElevenLabs key); sealed before they are queued. */
  secrets?: JobSecrets;
  /** The log row of the request that makes the job: it shows the job's outcome once the job ends. */
  requestLogId?: string;
  /** The id of the request that makes the job, which its answer carries (`X-Request-Id`). */
  requestId?: string;
  /** The caller's own pairs, stored as given and never read for anything else. */
  metadata?: Metadata | undefined;
}

export class JobService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly queue: JobQueue,
    private readonly storage: MediaStorage,
    private readonly inputs: InputResolver,
    private readonly sealer?: Sealer,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.reads = new OwnedTasks(jobs, now);
    this.downloads = new TaskDownloads(this.reads, storage, now);
  }

  /** Reading a task is the same with or without the means to submit one. */
  private readonly reads: OwnedTasks;
  private readonly downloads: TaskDownloads;

  /**
   * Makes a job from a validated request: its inputs resolved (uploads
   * stored, URLs checked, file ids resolved), its record written, its
   * message queued with any secret sealed for this job alone.
   */
  async submit(caller: Caller, spec: Pick<MediaJobMessage, 'type' | 'params'>, sources: readonly InputSource[], options: SubmitOptions = {}): Promise<JobRecord> {
    if (options.callback) this.inputs.assertFetchable(options.callback.url, 'callback_url');
    const id = randomUUID();
    const at = this.now();
    const inputs = await this.inputs.resolve(caller.userId, id, sources);
    const job: JobRecord = {
      id,
      userId: caller.userId,
      apiKeyId: caller.apiKeyId,
      endpoint: spec.type,
      tier: caller.tier,
      status: 'queued',
      progress: 0,
      params: spec.params,
      inputs,
      output: null,
      error: null,
      attempts: 0,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      startedAt: null,
      completedAt: null,
      expiresAt: Math.floor(at.getTime() / 1000) + RECORD_RETENTION_SECONDS,
      callback: options.callback ? { ...options.callback, attempts: [] } : null,
      ...(options.requestLogId ? { requestLogIds: [options.requestLogId] } : {}),
      ...(options.requestId ? { requestId: options.requestId } : {}),
      ...(options.metadata && Object.keys(options.metadata).length > 0 ? { metadata: options.metadata } : {}),
      ...(caller.mode === 'test' ? { mode: caller.mode } : {}),
    };
    await this.jobs.create(job);
    try {
      const sealed = options.secrets && this.sealer ? await sealJobSecrets(this.sealer, { userId: caller.userId, jobId: id }, options.secrets) : undefined;
      await this.queue.enqueue(job, sealed);
    } catch (cause) {
      // The job is recorded but could not be queued: end it visibly rather than leave it waiting forever.
      await this.jobs.fail(
        id,
        { code: 'queue_unavailable', message: 'Error: the job could not be queued.', param: null, hint: 'Try again.' },
        this.now().toISOString(),
      );
      throw new UpstreamError('The job queue is unavailable. Try again shortly.', { cause });
    }
    return job;
  }

  /** A job of this user; someone else's job is indistinguishable from a missing one. */
  getOwned(userId: string, id: string): Promise<JobRecord> {
    return this.reads.getOwned(userId, id);
  }

  /**
   * A job answered again (an Idempotency-Key replay): this request's log row
   * is named on the job, so the job's outcome reaches it too. `linked` is
   * false when it could not be named; the job is as it was after the try.
   */
  async answerAgain(userId: string, id: string, requestLogId?: string): Promise<{ job: JobRecord; linked: boolean }> {
    const job = await this.getOwned(userId, id);
    if (!requestLogId) return { job, linked: false };
    return (await this.jobs.linkRequestLog(id, requestLogId)) ?? { job, linked: false };
  }

  queuePosition(job: JobRecord): Promise<number | null> {
    return this.reads.queuePosition(job);
  }

  /** Waits (bounded) for a job to end; answers the job as it is when the wait ends. */
  awaitOutcome(userId: string, id: string, timeoutMs: number, pollMs = 250): Promise<JobRecord> {
    return this.reads.awaitOutcome(userId, id, timeoutMs, () => pollMs);
  }

  /** The finished output of a job whose answer is the file itself (`/frame/last`, the voice list). */
  async outputBytes(userId: string, id: string): Promise<{ body: Buffer; mediaType: string; fileName: string }> {
    const job = await this.getOwned(userId, id);
    if (job.status !== 'completed' || !job.output) throw new ConflictError(`Task ${id} is ${job.status}; its result is not available.`, { param: 'id' });
    return { body: await this.storage.readObject(job.output.key), mediaType: job.output.mediaType, fileName: job.output.fileName };
  }

  fileUrl(userId: string, path: string): Promise<string> {
    return this.downloads.fileUrl(userId, path);
  }

  downloadUrl(userId: string, id: string): Promise<string> {
    return this.downloads.downloadUrl(userId, id);
  }
}
