import { randomUUID } from 'node:crypto';
import { taskIdSchema, type JobSecrets, type MediaJobMessage } from '../../contracts/media-jobs';
import type { Tier } from '../../contracts/plans';
import type { InputSource } from '../../contracts/requests/request-fields';
import type { ApiKeyPrincipal } from '../api-keys/api-key';
import { ConflictError, NotFoundError, UpstreamError } from '../shared/errors';
import type { Sealer } from '../shared/sealer';
import type { InputResolver } from './input-resolver';
import { TERMINAL_STATUSES, type JobQueue, type JobRecord, type JobRepository, type MediaStorage } from './job';
import { sealJobSecrets } from './job-secrets';

/** Records expire from the table 30 days after creation. */
const RECORD_RETENTION_SECONDS = 30 * 24 * 3600;
const DOWNLOAD_URL_SECONDS = 15 * 60;

export interface SubmitOptions {
  /** Where the outcome is POSTed, and the API base URL its links use. */
  callback?: { url: string; baseUrl: string };
  /** Plain secrets the job needs (the caller's ElevenLabs key); sealed before they are queued. */
  secrets?: JobSecrets;
  /** The log row of the request that makes the job: it shows the job's outcome once the job ends. */
  requestLogId?: string;
  /** The id of the request that makes the job, which its answer carries (`X-Request-Id`). */
  requestId?: string;
}

/** Who submits a job: the key's owner and the tier that sets its limits. */
export type Caller = ApiKeyPrincipal & { tier: Tier };

export class JobService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly queue: JobQueue,
    private readonly storage: MediaStorage,
    private readonly inputs: InputResolver,
    private readonly sealer?: Sealer,
    private readonly now: () => Date = () => new Date(),
  ) {}

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
  async getOwned(userId: string, id: string): Promise<JobRecord> {
    // Task ids are UUIDs: anything else cannot exist, and must not reach the store (key length limits).
    const job = taskIdSchema.safeParse(id).success ? await this.jobs.get(id) : undefined;
    if (!job || job.userId !== userId) {
      const shown = id.length > 64 ? `${id.slice(0, 64)}…` : id;
      throw new NotFoundError(`No task with id ${shown}.`, { param: 'id' });
    }
    return job;
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

  /** A queued job's place among its owner's waiting jobs (1 = next); null once it runs or ended. */
  async queuePosition(job: JobRecord): Promise<number | null> {
    if (job.status !== 'queued') return null;
    return (await this.jobs.countQueuedBefore(job.userId, job.createdAt)) + 1;
  }

  /** Waits (bounded) for a job to end; answers the job as it is when the wait ends. */
  async awaitOutcome(userId: string, id: string, timeoutMs: number, pollMs = 250): Promise<JobRecord> {
    const deadline = this.now().getTime() + timeoutMs;
    for (;;) {
      const job = await this.getOwned(userId, id);
      if (TERMINAL_STATUSES.includes(job.status) || this.now().getTime() + pollMs > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** The finished output of a job whose answer is the file itself (`/frame/last`, the voice list). */
  async outputBytes(userId: string, id: string): Promise<{ body: Buffer; mediaType: string; fileName: string }> {
    const job = await this.getOwned(userId, id);
    if (job.status !== 'completed' || !job.output) throw new ConflictError(`Task ${id} is ${job.status}; its result is not available.`, { param: 'id' });
    return { body: await this.storage.readObject(job.output.key), mediaType: job.output.mediaType, fileName: job.output.fileName };
  }

  /**
   * A signed URL of one of the caller's own output files, by its storage
   * path (`/file?path=`): the path must be exactly an output of a task of
   * theirs; anything else is indistinguishable from a missing file.
   */
  async fileUrl(userId: string, path: string): Promise<string> {
    const missing = () => new NotFoundError('No such file among your outputs.', { param: 'path', hint: 'Use a path from a task output.' });
    const match = /^outputs\/([^/]+)\/([0-9a-f-]{36})\/([A-Za-z0-9._-]{1,200})$/.exec(path);
    if (!match || match[1] !== userId) throw missing();
    const job = await this.getOwned(userId, match[2] ?? '').catch(() => {
      throw missing();
    });
    const files = job.output ? [job.output, ...(job.output.attachments ?? [])] : [];
    const file = files.find((f) => f.key === path);
    if (!file || !job.output) throw missing();
    this.assertNotExpired(job.output.expiresAt, 'path');
    return this.storage.signedDownloadUrl(file.key, file.fileName, DOWNLOAD_URL_SECONDS);
  }

  async downloadUrl(userId: string, id: string): Promise<string> {
    const job = await this.getOwned(userId, id);
    if (job.status !== 'completed' || !job.output) {
      throw new ConflictError(`Task ${id} is ${job.status}; its result is not available.`, {
        param: 'id',
        hint: job.status === 'failed' ? 'See the task error.' : 'Poll status_url until status is completed.',
      });
    }
    this.assertNotExpired(job.output.expiresAt, 'id');
    return this.storage.signedDownloadUrl(job.output.key, job.output.fileName, DOWNLOAD_URL_SECONDS);
  }

  /** Outputs are kept for the stated time (7 days), then gone, whatever storage still holds. */
  private assertNotExpired(expiresAt: string, param: string): void {
    if (Date.parse(expiresAt) <= this.now().getTime()) {
      throw new NotFoundError(`This output expired at ${expiresAt}.`, { param, hint: 'Outputs are kept for 7 days; run the task again.' });
    }
  }
}
