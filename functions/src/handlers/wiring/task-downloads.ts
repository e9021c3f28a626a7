import { S3DownloadUrls } from '../../adapters/s3/download-urls';
import { createS3Client } from '../../adapters/s3/s3-client';
import { TaskDownloads } from '../../domain/jobs/task-reads';
import { ownedTasks } from './task-reads';
import { config, once } from './shared';

/** Signed links to a caller's outputs: storage's signing only, no transfer code. */
export const taskDownloads = once(
  () => new TaskDownloads(ownedTasks(), new S3DownloadUrls(createS3Client(config().AWS_REGION, config().S3_FORCE_PATH_STYLE), config().BUCKET_MEDIA)),
);
