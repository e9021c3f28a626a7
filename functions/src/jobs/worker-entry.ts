/**
 * What the FFmpeg worker (containers/worker) takes from this package besides
 * the API contracts, published as `@frameforge/functions/jobs`: the job
 * records and rules it applies, the adapters it wires in `main.ts`, and the
 * configuration fields it shares with the functions. Lint refuses the worker
 * any other import of this package than this entry and `contracts/*`, so a
 * new need is added here, in sight.
 */

// Jobs: their records, outputs, secrets and media types.
export { TERMINAL_STATUSES, outputKey } from '../domain/jobs/job';
export { runnableJob } from '../domain/jobs/job-messages';
export type { JobError, JobLease, JobOutput, JobRecord, JobRepository, MediaStorage, PartUpload, PartUploads } from '../domain/jobs/job';
export { openJobSecrets, sealJobSecrets } from '../domain/jobs/job-secrets';
export { knownExtension, mediaTypeOf } from '../domain/jobs/media-files';

// What a job settles: its slot, its callback, its log row and its notices.
export { CONCURRENT_JOBS, slotsOf } from '../domain/limits/concurrency';
export type { JobSlots } from '../domain/limits/concurrency';
export { CallbackService } from '../domain/callbacks/callback-service';
export { TaskOutcomes } from '../domain/request-logs/task-outcomes';
export type { OutcomeRow, TaskOutcome } from '../domain/request-logs/request-log';
export { JobFailureEmails } from '../domain/notifications/job-failure-emails';
export { UsageAlerts } from '../domain/notifications/usage-alerts';

// Sealing of a job's secrets.
export type { Sealer } from '../domain/shared/sealer';
export { SealedValueError } from '../domain/shared/errors';
export { createSealer } from '../adapters/sealing';
export { KeyFileSealer } from '../adapters/key-file/key-file-sealer';

// The adapters the worker's main.ts wires.
export { createDocumentClient } from '../adapters/dynamodb/document-client';
export { DynamoDbCallbackSecretStore } from '../adapters/dynamodb/callback-secret-store';
export { DynamoDbJobRepository } from '../adapters/dynamodb/job-repository';
export { DynamoDbJobSlotStore } from '../adapters/dynamodb/job-slot-store';
export { DynamoDbRequestLogStore } from '../adapters/dynamodb/request-log-store';
export { DynamoDbUsageCounters } from '../adapters/dynamodb/usage-counter-store';
export { createNotifications } from '../adapters/notifications';
export { HttpCallbackSender } from '../adapters/http/callback-sender';
export { MirroredCallbackSender } from '../adapters/http/mirrored-callback-sender';
export { safeDownload } from '../adapters/http/safe-fetch';
export { S3MediaStorage } from '../adapters/s3/media-storage';
export { createS3Client, withUnsignedPayloads } from '../adapters/s3/s3-client';
export { S3PartUploads } from '../adapters/s3/part-uploads';
export { SqsCallbackQueue } from '../adapters/sqs/callback-queue';
export { createSqsClient } from '../adapters/sqs/media-job-queue';

// Configuration fields the worker parses as the functions do.
export { appConfigFields, hasOneSealingKey, oneSealingKeyIssue } from '../config/env';
