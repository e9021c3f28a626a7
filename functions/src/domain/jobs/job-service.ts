import { randomUUID } from 'node:crypto';
import { taskIdSchema, type CutParams, type InputRole, type MediaJobMessage } from '../../contracts/media-jobs';
import type { Tier } from '../../contracts/plans';
import type { ApiKeyPrincipal } from '../api-keys/api-key';
import { ConflictError, NotFoundError, UpstreamError } from '../shared/errors';
import { inputKey, TERMINAL_STATUSES, type JobQueue, type JobRecord, type JobRepository, type MediaStorage } from './job';
import { knownExtension } from './media-files';

/** Records expire from the table 30 days after creation. */
const RECORD_RETENTION_SECONDS = 30 * 24 * 3600;
const DOWNLOAD_URL_SECONDS = 15 * 60;

export interface UploadedFile {
  fileName: string | undefined;
  contentType: string;
  body: Buffer;
}

/** Who submits a job: the key's owner and the tier that sets its limits. */
export type Caller = ApiKeyPrincipal & { tier: Tier };

export class JobService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly queue: JobQueue,
    private readonly storage: MediaStorage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  submitCut(principal: Caller, params: CutParams, file: UploadedFile): Promise<JobRecord> {
    return this.submit(principal, { type: 'cut', params }, [{ role: 'file', file }]);
  }

  /** Stores the inputs in the caller's own prefix, records the job and queues its message. */
  async submit(
    principal: Caller,
    spec: Pick<MediaJobMessage, 'type' | 'params'>,
    files: { role: InputRole; file: UploadedFile }[],
  ): Promise<JobRecord> {
    const id = randomUUID();
    const at = this.now();
    const inputs = await Promise.all(
      files.map(async ({ role, file }, index) => {
        const stored = `input-${index}.${knownExtension(file.fileName) ?? 'bin'}`;
        const key = inputKey(principal.userId, id, stored);
        await this.storage.putInput(key, file.body, file.contentType);
        return { role, key, fileName: file.fileName ?? stored, size: file.body.length };
      }),
    );
    const [first] = inputs;
    const job: JobRecord = {
      id,
      userId: principal.userId,
      apiKeyId: principal.apiKeyId,
      endpoint: spec.type,
      tier: principal.tier,
      status: 'queued',
      progress: 0,
      params: spec.params,
      input: first ? { key: first.key, fileName: first.fileName, size: first.size } : { key: '', fileName: '', size: 0 },
      inputs,
      output: null,
      error: null,
      attempts: 0,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      startedAt: null,
      completedAt: null,
      expiresAt: Math.floor(at.getTime() / 1000) + RECORD_RETENTION_SECONDS,
    };
    await this.jobs.create(job);
    try {
      await this.queue.enqueue(job);
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

  /** Waits (bounded) for a job to end; answers the job as it is when the wait ends. */
  async awaitOutcome(userId: string, id: string, timeoutMs: number, pollMs = 250): Promise<JobRecord> {
    const deadline = this.now().getTime() + timeoutMs;
    for (;;) {
      const job = await this.getOwned(userId, id);
      if (TERMINAL_STATUSES.includes(job.status) || this.now().getTime() + pollMs > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  async downloadUrl(userId: string, id: string): Promise<string> {
    const job = await this.getOwned(userId, id);
    if (job.status !== 'completed' || !job.output) {
      throw new ConflictError(`Task ${id} is ${job.status}; its result is not available.`, {
        param: 'id',
        hint: job.status === 'failed' ? 'See the task error.' : 'Poll status_url until status is completed.',
      });
    }
    return this.storage.signedDownloadUrl(job.output.key, job.output.fileName, DOWNLOAD_URL_SECONDS);
  }
}
