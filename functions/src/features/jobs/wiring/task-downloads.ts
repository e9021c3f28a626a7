import { S3DownloadUrls } from '../adapters/s3/download-urls';
import { createS3Client } from '../../../kernel/adapters/s3/s3-client';
import { TaskDownloads } from '../domain/task-reads';
import { ownedTasks } from './task-reads';
import { configOf, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'S3_FORCE_PATH_STYLE', 'BUCKET_MEDIA');

/** Signed links to a caller's outputs: storage's signing only, no transfer code. */
export const taskDownloads = once(
  () => new TaskDownloads(ownedTasks(), new S3DownloadUrls(createS3Client(env.AWS_REGION, env.S3_FORCE_PATH_STYLE), env.BUCKET_MEDIA)),
);
