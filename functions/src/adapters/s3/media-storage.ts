import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaStorage } from '../../domain/jobs/job';
import type { UploadStorage } from '../../domain/uploads/uploads';

export function createS3Client(region: string, forcePathStyle: boolean): S3Client {
  // WHEN_REQUIRED keeps presigned URLs free of checksum parameters that browsers and curl cannot send.
  return new S3Client({ region, forcePathStyle, requestChecksumCalculation: 'WHEN_REQUIRED' });
}

export class S3MediaStorage implements MediaStorage, UploadStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async putInput(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async downloadToFile(key: string, path: string): Promise<void> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    await pipeline(out.Body as Readable, createWriteStream(path));
  }

  async uploadFromFile(key: string, path: string, contentType: string, fileName: string): Promise<number> {
    const { size } = await stat(path);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        // Large reads: an output of tens of megabytes goes up in fewer, bigger writes.
        Body: createReadStream(path, { highWaterMark: 1024 * 1024 }),
        ContentLength: size,
        ContentType: contentType,
        ContentDisposition: `attachment; filename="${fileName}"`,
      }),
    );
    return size;
  }

  async signedDownloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string> {
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

  async readObject(key: string): Promise<Buffer> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
  }

  async signedUploadUrl(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }), {
      expiresIn: expiresInSeconds,
    });
  }

  async objectSize(key: string): Promise<number | undefined> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return undefined;
      throw error;
    }
  }
}
