import type { JobInput, JobSecrets, MediaEndpoint, MediaJobParams } from '../contracts/media-jobs';
import type { ApiKeyMode } from '../../../kernel/contracts/key-modes';
import type { Metadata } from '../../../kernel/contracts/metadata';
import type { Tier } from '../../../kernel/contracts/plans';

export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'canceled';

export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'canceled'];

export interface JobError {
  code: string;
  message: string;
  param: string | null;
  hint: string | null;
}

export interface StoredObject {
  key: string;
  fileName: string;
  size: number;
}

export interface JobOutput extends StoredObject {
  mediaType: string;
  /** Seconds of media, when the output is audio or video. */
  duration: number | null;
  expiresAt: string;
  /** Further files of the same result (e.g. the .ass of burned-in captions). */
  attachments?: (StoredObject & { mediaType: string })[];
}

/** One try at delivering a job's callback, as the task view shows it. */
export interface CallbackAttempt {
  /** 1 for the first try. */
  attempt: number;
  at: string;
  /** The receiver's HTTP status; null when it never answered (refused address, timeout, network). */
  status: number | null;
  ok: boolean;
  error: string | null;
  /** When the next try is due; null after a success or the last try. */
  next_attempt_at: string | null;
}

/** Where a job's outcome is POSTed once it ends (`callback_url`), and how each try went. */
export interface JobCallback {
  url: string;
  /** The API's base URL as the caller reached it, for the links in the delivered task view. */
  baseUrl: string;
  attempts: CallbackAttempt[];
}

export interface JobRecord {
  id: string;
  userId: string;
  apiKeyId: string;
  endpoint: MediaEndpoint;
  /** The caller's tier when the job was submitted: its work limits. */
  tier: Tier;
  status: JobStatus;
  progress: number;
  params: MediaJobParams;
  /** Older records also hold `input`, a copy of the first of these that nothing read; it is no longer written. */
  inputs: JobInput[];
  output: JobOutput | null;
  error: JobError | null;
  /** Tries that started processing (claims): the task's `attempt`. */
  attempts: number;
  createdAt: string;
  updatedAt: string;
  /** When the first try started; later tries keep it. */
  startedAt: string | null;
  /** When it ended: completed, failed or canceled. */
  completedAt: string | null;
  /** When its owner canceled it; absent or null otherwise. */
  canceledAt?: string | null;
  /** While processing: until when the worker holding the job answers for it; past it, another worker may take over. */
  leaseUntil?: string | null;
  /** The worker holding the lease. */
  leaseOwner?: string | null;
  /** Epoch seconds after which the record may be deleted (DynamoDB TTL). */
  expiresAt: number;
  /** Absent or null: the caller gave no `callback_url`. */
  callback?: JobCallback | null;
  /**
   * The request log rows of the requests that made this job or answered it
   * again (Idempotency-Key): each shows how the job ended once it does.
   */
  requestLogIds?: string[];
  /** The id of the API request that made the job (its `X-Request-Id`): named in errors on our side, for support. */
  requestId?: string;
  /** The caller's own pairs (`metadata`), echoed on the task, in lists and callbacks; absent when none were given. */
  metadata?: Metadata;
  /** `test`: made with a test key (capped, watermarked output; test limits). Absent: live. */
  mode?: ApiKeyMode;
}

export interface JobRepository {
  create(job: JobRecord): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  /** How many of the user's jobs made before `createdAt` still wait to start (a queued task's place in line). */
  countQueuedBefore(userId: string, createdAt: string): Promise<number>;
  /**
   * Moves a queued job (or a processing one whose lease expired) to processing,
   * counting one more try in `attempts`; only the first try sets `startedAt`.
   * False if it ended or another worker holds a live lease on it.
   */
  claim(id: string, at: string, lease?: JobLease): Promise<boolean>;
  /** Extends the owner's lease; false when the owner lost it (the job ended or was taken over). */
  extendLease(id: string, lease: JobLease): Promise<boolean>;
  /** Gives the job back (a worker stopping, a try failing): its lease ends now, so the next delivery takes it over at once; its progress stays. */
  releaseLease(id: string, owner: string, at: string): Promise<void>;
  /** Raises a processing job's progress; a value at or below the recorded one changes nothing, so a retry never shows less. */
  updateProgress(id: string, progress: number, at: string): Promise<void>;
  /** With an owner, only while that owner still holds the job. */
  complete(id: string, output: JobOutput, at: string, owner?: string): Promise<void>;
  fail(id: string, error: JobError, at: string): Promise<void>;
  /**
   * Ends a queued or processing job as canceled, in one conditional write:
   * the job as it is after, or undefined when it had ended already (its
   * completion or failure won the race) or does not exist.
   */
  cancel(id: string, at: string): Promise<JobRecord | undefined>;
  /**
   * Names one more request log row that answered with this job, so the job's
   * outcome reaches it; answers the job as it is after that (undefined when
   * there is no such job). A row named after the job ended is not written by
   * whoever ended it: the caller, seeing the job ended, writes it itself.
   * `linked` is false when the job names as many rows as it keeps already.
   */
  linkRequestLog(id: string, logId: string): Promise<{ job: JobRecord; linked: boolean } | undefined>;
  /**
   * Appends one callback try, atomically and only as the next one (its
   * number one past those recorded): false when that try is recorded already
   * or the job has no callback.
   */
  recordCallbackAttempt(id: string, attempt: CallbackAttempt): Promise<boolean>;
}

export interface JobLease {
  owner: string;
  until: string;
}

export interface JobQueue {
  /** `secrets` (already sealed) ride in the message only, never in the record. */
  enqueue(job: JobRecord, secrets?: JobSecrets): Promise<void>;
}

/** Where inputs and outputs live; keys are always inside the owner's own prefix. */
export interface MediaStorage {
  putInput(key: string, body: Buffer, contentType: string): Promise<void>;
  downloadToFile(key: string, path: string): Promise<void>;
  uploadFromFile(key: string, path: string, contentType: string, fileName: string): Promise<number>;
  signedDownloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string>;
  /** A small object's bytes (a frame, a voice list), read whole. */
  readObject(key: string): Promise<Buffer>;
  /** Removes stored objects (a canceled job's output, stored just before the cancel won); missing ones are no error. */
  deleteObjects(keys: readonly string[]): Promise<void>;
}

/**
 * A multipart upload sent one part at a time, for a file that is still
 * being written: the worker stores an output while ffmpeg makes it.
 */
export interface PartUpload {
  /** Sends part `partNumber` (from 1; every part but the last at least 5 MiB); sending a number again replaces it. */
  putPart(partNumber: number, body: Uint8Array): Promise<void>;
  /** Joins parts 1 to `partCount` into the object. */
  complete(partCount: number): Promise<void>;
  /** Drops every part sent: nothing half-stored is left behind. */
  abort(): Promise<void>;
}

export interface PartUploads {
  start(key: string, contentType: string, fileName: string): Promise<PartUpload>;
}

export const inputKey = (userId: string, jobId: string, fileName: string): string =>
  `inputs/${userId}/${jobId}/${fileName}`;
export const outputKey = (userId: string, jobId: string, fileName: string): string =>
  `outputs/${userId}/${jobId}/${fileName}`;
