import { FrameForgeError } from './errors.js';
import { callOperation } from './operation-caller.js';
import { partNumberBatches } from './part-numbers.js';
import { sendParts } from './upload-parts.js';
import type { RequestOptions, Transport } from './transport.js';
import type { ParamsOf, Upload } from './types.js';

/** Where the API itself switches to multipart when not told: a single PUT above it is one long request to lose. */
export const MULTIPART_THRESHOLD = 100 * 1024 * 1024;

export interface UploadOptions {
  /** Kept as the upload's label; a File's own name by default. */
  fileName?: string;
  /** The Content-Type the storage keeps; the Blob's own type by default. */
  contentType?: string;
  /** Files larger than this go as a resumable multipart upload: 100 MiB by default. */
  multipartThreshold?: number;
  /** Parts sent at once: 4 by default. */
  concurrency?: number;
  /** Bytes sent so far, after each part (or the single PUT). */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
}

export type UploadData = Blob | ArrayBuffer | Uint8Array<ArrayBuffer>;

const asBlob = (data: UploadData): Blob => (data instanceof Blob ? data : new Blob([data]));

export class Uploads {
  constructor(private readonly transport: Transport) {}

  async create(params: ParamsOf<'create_upload'> = {}, options?: RequestOptions): Promise<Upload> {
    return (await callOperation(this.transport, 'create_upload', params, options)).data;
  }

  async get(fileId: string, params: Omit<ParamsOf<'get_upload'>, 'file_id'> = {}, options?: RequestOptions): Promise<Upload> {
    return (await callOperation(this.transport, 'get_upload', { ...params, file_id: fileId }, options)).data;
  }

  async abort(fileId: string, options?: RequestOptions): Promise<Upload> {
    return (await callOperation(this.transport, 'abort_upload', { file_id: fileId }, options)).data;
  }

  async complete(fileId: string, params: Omit<ParamsOf<'complete_upload'>, 'file_id'> = {}, options?: RequestOptions): Promise<Upload> {
    return (await callOperation(this.transport, 'complete_upload', { ...params, file_id: fileId }, options)).data;
  }

  /**
   * Uploads a file and resolves its upload, whose `file_id` any endpoint takes: one presigned PUT up to
   * `multipartThreshold`, a multipart upload above it (parts in parallel, each retried). A multipart upload
   * that still fails can be finished later with `resume`, from the parts that arrived.
   */
  async upload(data: UploadData, options: UploadOptions = {}): Promise<Upload> {
    const blob = asBlob(data);
    const multipart = blob.size > (options.multipartThreshold ?? MULTIPART_THRESHOLD);
    const upload = await this.create(
      {
        file_name: options.fileName ?? (blob instanceof File && blob.name ? blob.name : 'upload'),
        content_type: options.contentType ?? (blob.type || 'application/octet-stream'),
        size: blob.size,
        upload_type: multipart ? 'multipart' : 'single',
      },
      options.signal ? { signal: options.signal } : {},
    );
    if (!upload.file_id) throw new FrameForgeError('The API answered an upload without a file_id');
    if (upload.upload_type === 'multipart') return this.finish(upload, blob, options);
    if (!upload.upload_url) throw new FrameForgeError('The API answered a single upload without an upload_url');
    await sendParts(this.transport, { urls: [{ part_number: 1, upload_url: upload.upload_url }], partSize: blob.size, headers: upload.headers ?? {} }, blob, options);
    return this.get(upload.file_id);
  }

  /** Sends the parts of an open multipart upload that have not arrived (after a dropped connection), then completes it. */
  async resume(fileId: string, data: UploadData, options: UploadOptions = {}): Promise<Upload> {
    const upload = await this.get(fileId);
    if (upload.status === 'completed') return upload;
    if (upload.upload_type !== 'multipart' || upload.status !== 'pending') throw new FrameForgeError(`Upload ${fileId} cannot be resumed: it is ${upload.upload_type} and ${upload.status}`);
    return this.finish(upload, asBlob(data), options);
  }

  private async finish(upload: Upload, blob: Blob, options: UploadOptions): Promise<Upload> {
    const fileId = upload.file_id;
    const partSize = upload.part_size ?? 0;
    const partCount = upload.part_count ?? 0;
    if (!partSize || !partCount) throw new FrameForgeError('The API answered a multipart upload without its part size and count');
    const arrived = new Map<number, string>();
    for (const part of upload.parts ?? []) if (part.part_number && part.etag) arrived.set(part.part_number, part.etag);
    const missing = Array.from({ length: partCount }, (_, index) => index + 1).filter((number) => !arrived.has(number));
    const urls = await this.partUrls(upload, missing);
    const sent = await sendParts(this.transport, { urls, partSize, headers: {} }, blob, options, partSize * arrived.size);
    const parts = [...arrived, ...sent].map(([part_number, etag]) => ({ part_number, etag })).sort((a, b) => a.part_number - b.part_number);
    return this.complete(fileId, { parts });
  }

  /** The signed URL of each missing part: those the answer carries, the rest asked for in batches. */
  private async partUrls(upload: Upload, missing: number[]): Promise<{ part_number: number; upload_url: string }[]> {
    const known = new Map((upload.part_urls ?? []).map((part) => [part.part_number ?? 0, part.upload_url ?? '']));
    for (const batch of partNumberBatches(missing.filter((number) => !known.get(number)))) {
      const more = await this.get(upload.file_id, { part_numbers: batch });
      for (const part of more.part_urls ?? []) known.set(part.part_number ?? 0, part.upload_url ?? '');
    }
    return missing.map((number) => ({ part_number: number, upload_url: known.get(number) ?? '' }));
  }
}
