import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  NoSuchUpload,
  UploadPartCommand,
  type ListPartsCommandOutput,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MultipartStorage, ReceivedPart } from '../../domain/multipart';
import { UploadPartsRejectedError } from '../../domain/multipart';

/** S3's own codes for a completion whose part list does not match what arrived. */
const PART_LIST_REFUSALS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'EntityTooLarge']);

/** S3 multipart uploads of the media bucket: the caller's client sends the parts straight to storage. */
export class S3MultipartUploads implements MultipartStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async start(key: string, contentType: string): Promise<string> {
    const out = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
    if (!out.UploadId) throw new Error('Storage answered a multipart upload without its id');
    return out.UploadId;
  }

  async signPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }), {
      expiresIn: expiresInSeconds,
    });
  }

  /** Every part received so far (S3 pages them by 1000); undefined once the upload is completed or aborted. */
  async listParts(key: string, uploadId: string): Promise<ReceivedPart[] | undefined> {
    const parts: ReceivedPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page: ListPartsCommandOutput = await this.client.send(
          new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? []) {
          if (part.PartNumber && part.ETag) parts.push({ partNumber: part.PartNumber, etag: part.ETag, size: part.Size ?? 0 });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      if (isNoSuchUpload(error)) return undefined;
      throw error;
    }
    return parts;
  }

  async complete(key: string, uploadId: string, parts: readonly { partNumber: number; etag: string }[]): Promise<void> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      );
    } catch (error) {
      const name = (error as { name?: string }).name ?? '';
      if (PART_LIST_REFUSALS.has(name)) throw new UploadPartsRejectedError(name, (error as Error).message);
      throw error;
    }
  }

  async abort(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!isNoSuchUpload(error)) throw error;
    }
  }
}

const isNoSuchUpload = (error: unknown) => error instanceof NoSuchUpload || (error as { name?: string }).name === 'NoSuchUpload';
