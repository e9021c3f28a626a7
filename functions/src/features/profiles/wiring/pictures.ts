import { S3PictureStorage } from '../adapters/s3/picture-storage';
import { createS3Client } from '../../../kernel/adapters/s3/s3-client';
import { SharpImageProcessor } from '../adapters/sharp/sharp-image-processor';
import { PictureService } from '../domain/picture-service';
import { profiles } from './profiles';
import { configOf, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'S3_FORCE_PATH_STYLE', 'BUCKET_PROFILE_PICTURES', 'PICTURES_BASE_URL', 'PICTURES_UPLOAD_URL');

export const pictureService = once(() => {
  const c = env;
  const storage = new S3PictureStorage(createS3Client(c.AWS_REGION, c.S3_FORCE_PATH_STYLE), {
    bucket: c.BUCKET_PROFILE_PICTURES,
    publicBaseUrl: c.PICTURES_BASE_URL,
    ...(c.PICTURES_UPLOAD_URL ? { uploadUrl: c.PICTURES_UPLOAD_URL } : {}),
  });
  return new PictureService(profiles(), storage, new SharpImageProcessor());
});
