import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DownloadUrls } from '../../domain/task-reads';

/**
 * Signed download links only: what the read endpoints need from storage,
 * without the transfer code (multipart uploads, ranged downloads) beside it.
 */
export class S3DownloadUrls implements DownloadUrls {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  signedDownloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${fileName}"`,
      }),
      { expiresIn: expiresInSeconds },
    );
  }
}
