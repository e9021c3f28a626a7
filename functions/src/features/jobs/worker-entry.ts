/**
 * What the FFmpeg worker (containers/worker) takes from this package besides
 * the API contracts, published as `@frameforge/functions/jobs`: the job
 * records and rules it applies, the adapters it wires in `main.ts`, and the
 * configuration fields it shares with the functions. Lint refuses the worker
 * any other import of this package than this entry and the contracts folders
 * (`kernel/contracts/*`, `features/<feature>/contracts/*`), so a
 * new need is added here, in sight.
 */

// Jobs: their records, outputs, secrets and media types.
export { TERMINAL_STATUSES, outputKey } from './domain/job';
export { runnableJob } from './domain/job-messages';
export type { JobError, JobLease, JobOutput, JobRecord, JobRepository, MediaStorage, PartUpload, PartUploads } from './domain/job';
export { openJobSecrets, sealJobSecrets } from './domain/job-secrets';
export { knownExtension, mediaTypeOf } from './domain/media-files';

// What a job settles: its slot, its callback and its notices (its log rows follow from the job's record: request-logs' stream consumer).
export { CONCURRENT_JOBS, slotsOf } from './domain/concurrency';
export type { JobSlots } from './domain/concurrency';
export { CallbackService } from '../callbacks/domain/callback-service';
export { JobFailureEmails } from '../notifications/domain/job-failure-emails';
export { UsageAlerts } from '../notifications/domain/usage-alerts';

// Sealing of a job's secrets.
export type { Sealer } from '../../kernel/domain/sealer';
export { SealedValueError } from '../../kernel/domain/errors';
export { createSealer } from '../../kernel/adapters/sealing';
export { KeyFileSealer } from '../../kernel/adapters/key-file/key-file-sealer';

// The adapters the worker's main.ts wires.
export { createDocumentClient } from '../../kernel/adapters/dynamodb/document-client';
export { DynamoDbCallbackSecretStore } from '../callbacks/adapters/dynamodb/callback-secret-store';
export { DynamoDbJobRepository } from './adapters/dynamodb/job-repository';
export { DynamoDbJobSlotStore } from './adapters/dynamodb/job-slot-store';
export { createNotifications } from '../notifications/adapters/notifications';
export { HttpCallbackSender } from './adapters/http/callback-sender';
export { MirroredCallbackSender } from './adapters/http/mirrored-callback-sender';
export { safeDownload } from './adapters/http/safe-fetch';
export { S3MediaStorage } from './adapters/s3/media-storage';
export { createS3Client, withUnsignedPayloads } from '../../kernel/adapters/s3/s3-client';
export { S3PartUploads } from './adapters/s3/part-uploads';
export { SqsCallbackQueue } from '../callbacks/adapters/sqs/callback-queue';
export { createSqsClient } from './adapters/sqs/media-job-queue';

// Configuration fields the worker parses as the functions do.
export { appConfigFields, hasOneSealingKey, oneSealingKeyIssue } from '../../kernel/config/env';
