import { DynamoDbJobRepository } from '../adapters/dynamodb/job-repository';
import { RangedUrls } from '../adapters/http/ranged-url';
import { MediaInfoReader } from '../adapters/mediainfo/media-info-reader';
import { S3RangedObjects } from '../adapters/s3/ranged-objects';
import { createS3Client } from '../../../kernel/adapters/s3/s3-client';
import { DryRuns } from '../domain/dry-runs/dry-runs';
import { fileIdsOf } from '../domain/input-resolver';
import { TaskOutputFiles } from '../domain/task-outputs';
import { uploadService, urlPolicy } from './media';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'S3_FORCE_PATH_STYLE', 'BUCKET_MEDIA', 'TABLE_JOBS', 'FETCH_ALLOW_HOSTS');

/** `dry_run=true`: inputs read in ranges where they lie, as `POST /probe` reads them. */
export const dryRuns = once(
  () =>
    new DryRuns(
      fileIdsOf(uploadService(), new TaskOutputFiles(new DynamoDbJobRepository(documentClient(), env.TABLE_JOBS))),
      urlPolicy(),
      new S3RangedObjects(createS3Client(env.AWS_REGION, env.S3_FORCE_PATH_STYLE), env.BUCKET_MEDIA),
      new RangedUrls(env.FETCH_ALLOW_HOSTS),
      new MediaInfoReader(),
    ),
);
