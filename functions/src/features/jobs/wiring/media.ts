import { DynamoDbUploadRepository } from '../../uploads/adapters/dynamodb/upload-repository';
import { checkUrl, UrlRefusedError } from '../../../kernel/adapters/http/url-policy';
import { S3MediaStorage } from '../adapters/s3/media-storage';
import { createS3Client } from '../../../kernel/adapters/s3/s3-client';
import { S3MultipartUploads } from '../../uploads/adapters/s3/multipart-uploads';
import type { UrlPolicy } from '../domain/input-resolver';
import { ValidationError } from '../../../kernel/domain/errors';
import { UploadSessions } from '../../uploads/domain/upload-sessions';
import { UploadService } from '../../uploads/domain/uploads';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'S3_FORCE_PATH_STYLE', 'BUCKET_MEDIA', 'TABLE_UPLOADS', 'FETCH_ALLOW_HOSTS');

const s3 = once(() => createS3Client(env.AWS_REGION, env.S3_FORCE_PATH_STYLE));
export const mediaStorage = once(() => new S3MediaStorage(s3(), env.BUCKET_MEDIA));
const uploadRepository = once(() => new DynamoDbUploadRepository(documentClient(), env.TABLE_UPLOADS));
const multipartUploads = once(() => new S3MultipartUploads(s3(), env.BUCKET_MEDIA));

export const uploadService = once(() => new UploadService(uploadRepository(), mediaStorage(), multipartUploads()));

export const uploadSessions = once(() => new UploadSessions(uploadService(), uploadRepository(), mediaStorage(), multipartUploads()));

/** A URL refusal (internal address, too large, timeout…) as the 400 naming its field; any other error as it is. */
export function asUrlValidationError(error: unknown, param: string): unknown {
  return error instanceof UrlRefusedError ? new ValidationError(error.message.replace(/^Error: /, ''), { param }) : error;
}

/** The fetcher's own rules, applied early so a bad URL is a 400 naming its field. */
export const urlPolicy = once(
  (): UrlPolicy => ({
    assertFetchable(url, param) {
      try {
        checkUrl(url, env.FETCH_ALLOW_HOSTS);
      } catch (error) {
        throw asUrlValidationError(error, param);
      }
    },
  }),
);
