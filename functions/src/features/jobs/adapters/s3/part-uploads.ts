import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, UploadPartCommand, type S3Client } from '@aws-sdk/client-s3';
import type { PartUpload, PartUploads } from '../../domain/job';

/** Multipart uploads of the media bucket sent by the worker itself, one part at a time. */
export class S3PartUploads implements PartUploads {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async start(key: string, contentType: string, fileName: string): Promise<PartUpload> {
    const { client, bucket } = this;
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentDisposition: `attachment; filename="${fileName}"` }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('Storage answered a multipart upload without its id');
    // The last upload of a part number is the one S3 keeps: so is its ETag here.
    const etags = new Map<number, string>();
    return {
      async putPart(partNumber, body) {
        const out = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: body }));
        if (!out.ETag) throw new Error(`Storage answered part ${partNumber} without its ETag`);
        etags.set(partNumber, out.ETag);
      },
      async complete(partCount) {
        const parts = Array.from({ length: partCount }, (_, index) => {
          const etag = etags.get(index + 1);
          if (!etag) throw new Error(`part ${index + 1} of ${partCount} was never sent`);
          return { PartNumber: index + 1, ETag: etag };
        });
        await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      },
      async abort() {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
      },
    };
  }
}
