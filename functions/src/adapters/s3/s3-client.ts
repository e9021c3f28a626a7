import { S3Client } from '@aws-sdk/client-s3';

export function createS3Client(region: string, forcePathStyle: boolean): S3Client {
  // WHEN_REQUIRED keeps presigned URLs free of checksum parameters that browsers and curl cannot send.
  return new S3Client({ region, forcePathStyle, requestChecksumCalculation: 'WHEN_REQUIRED' });
}
