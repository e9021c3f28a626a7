import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDbJobRepository } from '@frameforge/functions/features/jobs/adapters/dynamodb/job-repository';
import { S3MediaStorage } from '@frameforge/functions/features/jobs/adapters/s3/media-storage';
import { SqsMediaJobQueue } from '@frameforge/functions/features/jobs/adapters/sqs/media-job-queue';
import { mediaJobMessageSchema, type InputRole, type MediaEndpoint } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import { inputKey, TERMINAL_STATUSES, type JobRecord } from '@frameforge/functions/features/jobs/domain/job';
import { eventually } from './eventually';
import { testServices } from './services';

const services = testServices();
const region = 'us-east-1';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export const jobs = new DynamoDbJobRepository(
  DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint: services.dynamodb, credentials }), {
    marshallOptions: { removeUndefinedValues: true },
  }),
  services.resources.tables.TABLE_JOBS ?? '',
);
export const storage = new S3MediaStorage(
  new S3Client({ region, endpoint: services.s3, credentials, forcePathStyle: true }),
  services.resources.buckets.BUCKET_MEDIA ?? '',
);
const queue = new SqsMediaJobQueue(
  new SQSClient({ region, endpoint: services.sqs, credentials, useQueueUrlAsEndpoint: false }),
  services.resources.queues.QUEUE_MEDIA_URL ?? '',
);

export interface JobFile {
  role: InputRole;
  path: string;
}

export interface JobOptions {
  tier?: Tier;
  userId?: string;
  /** Recorded on the job as the API records a `callback_url`, with a fixed API base URL. */
  callbackUrl?: string;
}

/**
 * Sends one job through the real path the product API uses: inputs into
 * storage, the record into the jobs table, the checked message onto the
 * queue; the running worker does the rest. `params` are raw (as a request
 * would carry them): the contract applies its defaults and ranges.
 */
export async function submitJob(
  type: MediaEndpoint,
  params: Record<string, unknown>,
  files: JobFile[],
  options: JobOptions = {},
): Promise<JobRecord> {
  const { job, enqueue } = await prepareJob(type, params, files, options);
  await enqueue();
  return job;
}

/** A queued job record, as the API writes one, with the given fields. */
export function queuedJobRecord(fields: Pick<JobRecord, 'id' | 'userId' | 'endpoint' | 'tier' | 'params' | 'inputs'> & Partial<JobRecord>): JobRecord {
  const at = new Date().toISOString();
  return {
    apiKeyId: 'worker-test',
    status: 'queued',
    progress: 0,
    output: null,
    error: null,
    attempts: 0,
    createdAt: at,
    updatedAt: at,
    startedAt: null,
    completedAt: null,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    ...fields,
  };
}

/** Stores the inputs and the record; the message goes onto the queue when `enqueue` is called. */
export async function prepareJob(
  type: MediaEndpoint,
  params: Record<string, unknown>,
  files: JobFile[],
  options: JobOptions = {},
): Promise<{ job: JobRecord; enqueue: () => Promise<void> }> {
  const id = randomUUID();
  const userId = options.userId ?? `worker-test-${randomUUID()}`;
  const inputs = await Promise.all(
    files.map(async (file, index) => {
      const fileName = basename(file.path);
      const key = inputKey(userId, id, `input-${index}-${fileName}`);
      const body = readFileSync(file.path);
      await storage.putInput(key, body, 'application/octet-stream');
      return { role: file.role, key, fileName, size: body.length };
    }),
  );
  const message = mediaJobMessageSchema.parse({ type, jobId: id, userId, tier: options.tier ?? 'elite', params, inputs });
  const job = queuedJobRecord({
    id,
    userId,
    endpoint: type,
    tier: message.tier,
    params: message.params,
    inputs,
    ...(options.callbackUrl ? { callback: { url: options.callbackUrl, baseUrl: 'http://api.test', attempts: [] } } : {}),
  });
  await jobs.create(job);
  return { job, enqueue: () => queue.enqueue(job) };
}

/** Polls the job until it ends. */
export async function waitForJob(id: string, timeoutMs = 60_000, pollMs = 150): Promise<JobRecord> {
  return eventually(
    async () => {
      const job = await jobs.get(id);
      // Thrown rather than undefined: the timeout then says which status the job was left in.
      if (!job || !TERMINAL_STATUSES.includes(job.status)) throw new Error(`job ${id} still ${job?.status ?? 'missing'}`);
      return job;
    },
    { timeoutMs, intervalMs: pollMs, what: `job ${id} to end` },
  );
}

/** Runs a job to its end; a completed job's output (and attachments) are downloaded to a temp folder. */
export async function runJob(
  type: MediaEndpoint,
  params: Record<string, unknown>,
  files: JobFile[],
  options: { tier?: Tier; timeoutMs?: number } = {},
): Promise<{ job: JobRecord; output?: string; attachments: string[] }> {
  const submitted = await submitJob(type, params, files, options);
  const job = await waitForJob(submitted.id, options.timeoutMs);
  if (job.status !== 'completed' || !job.output) return { job, attachments: [] };
  const dir = await mkdtemp(join(tmpdir(), 'frameforge-out-'));
  const output = join(dir, job.output.fileName);
  await storage.downloadToFile(job.output.key, output);
  const attachments: string[] = [];
  for (const attachment of job.output.attachments ?? []) {
    const path = join(dir, attachment.fileName);
    await storage.downloadToFile(attachment.key, path);
    attachments.push(path);
  }
  return { job, output, attachments };
}
