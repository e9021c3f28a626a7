import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { PictureStorage } from '../../domain/picture-service';

export interface PictureStorageOptions {
  bucket: string;
  /** Where pictures are served: the CDN path on AWS, the portal's same-origin path locally. */
  publicBaseUrl: string;
  /** Where the browser posts uploads, when not the bucket itself (the local same-origin path). */
  uploadUrl?: string;
}

/** The profile-pictures bucket. */
export class S3PictureStorage implements PictureStorage {
  constructor(
    private readonly client: S3Client,
    private readonly options: PictureStorageOptions,
  ) {}

  async presignedPost(key: string, contentType: string, maxBytes: number, expiresInSeconds: number) {
    // The policy caps the size and fixes the key and type: the browser can upload this one file, nothing else.
    const post = await createPresignedPost(this.client, {
      Bucket: this.options.bucket,
      Key: key,
      Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', contentType]],
      Fields: { 'Content-Type': contentType },
      Expires: expiresInSeconds,
    });
    return { url: this.options.uploadUrl ?? post.url, fields: post.fields };
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    return `${this.options.publicBaseUrl.replace(/\/$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
