import { createDocumentClient } from '../adapters/dynamodb/document-client';
import { DynamoDbApiKeyRepository } from '../adapters/dynamodb/api-key-repository';
import { DynamoDbJobRepository } from '../adapters/dynamodb/job-repository';
import { S3MediaStorage, createS3Client } from '../adapters/s3/media-storage';
import { SqsMediaJobQueue, createSqsClient } from '../adapters/sqs/media-job-queue';
import { loadConfig, type AppConfig } from '../config/env';
import { ApiKeyService } from '../domain/api-keys/api-key-service';
import { JobService } from '../domain/jobs/job-service';

/**
 * The composition root shared by the handlers: clients and services are
 * built once per process (one Lambda container) and reused across requests.
 */
const once = <T>(build: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= build());
};

export const config = once((): AppConfig => loadConfig());
const documentClient = once(() => createDocumentClient(config().AWS_REGION));

export const apiKeyService = once(
  () => new ApiKeyService(new DynamoDbApiKeyRepository(documentClient(), config().TABLE_API_KEYS)),
);

export const jobService = once(() => {
  const c = config();
  return new JobService(
    new DynamoDbJobRepository(documentClient(), c.TABLE_JOBS),
    new SqsMediaJobQueue(createSqsClient(c.AWS_REGION), c.QUEUE_MEDIA_URL),
    new S3MediaStorage(createS3Client(c.AWS_REGION, c.S3_FORCE_PATH_STYLE), c.BUCKET_MEDIA),
  );
});

export const portalOrigin = (): string => new URL(config().PORTAL_URL).origin;
