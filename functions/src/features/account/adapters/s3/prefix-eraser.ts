import { DeleteObjectsCommand, ListObjectsV2Command, type ListObjectsV2CommandOutput, type S3Client } from '@aws-sdk/client-s3';
import type { FileStore } from '../../domain/account-deletion';

/**
 * Deletes every object under a prefix of one bucket, a listed page (up to
 * 1000 keys, DeleteObjects' own limit) at a time. Listing again after a
 * failure finds only what is left, so a repeated deletion finishes the job.
 */
export class S3PrefixEraser implements FileStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async deleteUnder(prefix: string): Promise<void> {
    // An empty prefix, or one that is not a folder, would reach other users' objects.
    if (!/^[^/].*\/$/.test(prefix)) throw new Error(`Refusing to delete under "${prefix}": not a folder prefix`);
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const out = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        const failed = out.Errors ?? [];
        if (failed.length > 0) throw new Error(`${failed.length} objects under ${prefix} were not deleted: ${failed[0]?.Code ?? 'unknown'}`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
