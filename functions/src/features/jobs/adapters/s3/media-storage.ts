import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { S3DownloadUrls } from './download-urls';
export { createS3Client } from '../../../../kernel/adapters/s3/s3-client';
import type { MediaStorage } from '../../domain/job';
import type { UploadStorage } from '../../../uploads/domain/uploads';
import { downloadInRanges } from './ranged-download';
import { loadedOnUse } from '../../../../kernel/adapters/loaded-on-use';

// Only a file sent in a request, or a worker's output, is stored from disk: the upload and task reads never load it.
const libStorage = loadedOnUse(() => import('@aws-sdk/lib-storage'));

/** How outputs go up and inputs come down: part size and parts in flight, sized for the worker's memory and network. */
export interface TransferOptions {
  partSizeBytes: number;
  queueSize: number;
  /** Files up to this size are read into memory once and sent as slices of it; larger ones are streamed. */
  inMemoryBytes?: number;
}

/** 16 MiB parts, 4 at a time: 64 MiB of buffers, and a 5 GiB output in 320 parts. */
export const DEFAULT_TRANSFER: TransferOptions = { partSizeBytes: 16 * 1024 ** 2, queueSize: 4 };

export class S3MediaStorage implements MediaStorage, UploadStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly transfer: TransferOptions = DEFAULT_TRANSFER,
  ) {}

  async putInput(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  /** In ranges of the part size, as many at a time as parts go up (see downloadInRanges). */
  async downloadToFile(key: string, path: string): Promise<void> {
    await downloadInRanges(this.client, this.bucket, key, path, this.transfer);
  }

  /**
   * Any size: lib-storage sends one PutObject for a small file and a
   * multipart upload (parts sent `queueSize` at a time) for a larger one,
   * and aborts its parts if it fails, so nothing half-stored is left behind.
   * A file that fits the in-memory allowance is read whole: lib-storage then
   * sends slices of one buffer, where a stream's chunks are copied into each
   * part first (most of the time a 100 MB store took went to those copies).
   */
  async uploadFromFile(key: string, path: string, contentType: string, fileName: string): Promise<number> {
    const { Upload } = await libStorage();
    const { size } = await stat(path);
    const inMemory = size <= (this.transfer.inMemoryBytes ?? 0);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: inMemory ? await readFile(path) : createReadStream(path, { highWaterMark: 1024 * 1024 }),
        ContentType: contentType,
        ContentDisposition: `attachment; filename="${fileName}"`,
      },
      partSize: this.transfer.partSizeBytes,
      queueSize: this.transfer.queueSize,
      leavePartsOnError: false,
    });
    await upload.done();
    return size;
  }

  signedDownloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string> {
    return new S3DownloadUrls(this.client, this.bucket).signedDownloadUrl(key, fileName, expiresInSeconds);
  }

  async deleteObjects(keys: readonly string[]): Promise<void> {
    // One DELETE each: a canceled job's output and its few attachments; deleting a missing key succeeds.
    await Promise.all(keys.map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))));
  }

  async readObject(key: string): Promise<Buffer> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
  }

  /**
   * The content type is a signed header, so storage refuses a PUT that sends
   * another (the object keeps the type the upload declared); with a length,
   * a PUT of any other size too.
   */
  async signedUploadUrl(key: string, contentType: string, expiresInSeconds: number, contentLength?: number): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: contentLength }), {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(contentLength === undefined ? ['content-type'] : ['content-type', 'content-length']),
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
