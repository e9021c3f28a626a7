import { DynamoDbUploadRepository } from '../../adapters/dynamodb/upload-repository';
import { checkUrl, UrlRefusedError } from '../../adapters/http/url-policy';
import { S3MediaStorage, createS3Client } from '../../adapters/s3/media-storage';
import type { UrlPolicy } from '../../domain/jobs/input-resolver';
import { ValidationError } from '../../domain/shared/errors';
import { UploadService } from '../../domain/uploads/uploads';
import { config, documentClient, once } from './shared';

export const mediaStorage = once(() => new S3MediaStorage(createS3Client(config().AWS_REGION, config().S3_FORCE_PATH_STYLE), config().BUCKET_MEDIA));

export const uploadService = once(() => new UploadService(new DynamoDbUploadRepository(documentClient(), config().TABLE_UPLOADS), mediaStorage()));

/** The fetcher's own rules, applied early so a bad URL is a 400 naming its field. */
export const urlPolicy = once(
  (): UrlPolicy => ({
    assertFetchable(url, param) {
      try {
        checkUrl(url, config().FETCH_ALLOW_HOSTS);
      } catch (error) {
        if (error instanceof UrlRefusedError) throw new ValidationError(error.message.replace(/^Error: /, ''), { param });
        throw error;
      }
    },
  }),
);
