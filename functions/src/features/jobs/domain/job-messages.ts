import { mediaJobMessageSchema, queuedJobSchema, type JobSecrets, type MediaJobMessage, type QueuedJob } from '../contracts/media-jobs';
import type { JobRecord } from './job';

/*
 * Apart from the job record: these two build every operation's parameter
 * schemas, which the endpoints that only read a task never need to load.
 */

/** The queue message of a job: its identifiers and sealed secrets, checked before it leaves. */
export function toQueuedJob(job: JobRecord, secrets?: JobSecrets): QueuedJob {
  return queuedJobSchema.parse({
    jobId: job.id,
    userId: job.userId,
    ...(job.requestId ? { requestId: job.requestId } : {}),
    ...(secrets ? { secrets } : {}),
  });
}

/**
 * A job as the worker runs it, from its record and the secrets its message
 * carried. The record is checked against the run's contract: a stored record
 * that no longer fits it fails here, by name, before any work starts.
 */
export function runnableJob(job: JobRecord, secrets?: JobSecrets): MediaJobMessage {
  return mediaJobMessageSchema.parse({
    type: job.endpoint,
    jobId: job.id,
    userId: job.userId,
    tier: job.tier,
    params: job.params,
    inputs: job.inputs,
    ...(job.requestId ? { requestId: job.requestId } : {}),
    ...(secrets ? { secrets } : {}),
    ...(job.mode === 'test' ? { mode: job.mode } : {}),
  });
}
