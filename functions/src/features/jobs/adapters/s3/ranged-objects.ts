import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { ByteSource, StoredFiles } from '../../domain/media-info/media-probes';

/**
 * Stored files read in pieces with ranged GetObject: probing a 20 GiB upload
 * moves the few hundred kilobytes of its headers, not the file. Every range
 * is pinned to the ETag seen first, so a file replaced meanwhile fails the
 * read instead of mixing two versions.
 */
export class S3RangedObjects implements StoredFiles {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async open(key: string): Promise<ByteSource> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    const size = head.ContentLength ?? 0;
    const read = async (offset: number, length: number): Promise<Uint8Array> => {
      const end = Math.min(offset + length, size) - 1;
      if (end < offset) return new Uint8Array(0);
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${offset}-${end}`, IfMatch: head.ETag }));
      const bytes = (await answer.Body?.transformToByteArray()) ?? new Uint8Array(0);
      // Storage that ignores Range sends the whole object: keep only the piece asked for.
      return answer.ContentRange === undefined ? bytes.subarray(offset, end + 1) : bytes;
    };
    return { size, read };
  }
}
