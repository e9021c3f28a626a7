import { randomBytes } from 'node:crypto';
import type { InputRole } from '../../jobs/contracts/media-jobs';
import type { Tier } from '../../../kernel/contracts/plans';
import { MAX_INPUT_BYTES, MULTIPART_THRESHOLD_BYTES, PART_URL_BATCH, SINGLE_PUT_MAX_BYTES, formatBytes, partSizeFor } from '../contracts/upload-limits';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../../kernel/domain/errors';
import { planParts, type MultipartStorage } from './multipart';
import { toUploadView, type UploadView } from './upload-view';

/** A file uploaded ahead of a request, usable by its owner as `file_id` until it expires. */
export interface UploadRecord {
  id: string;
  userId: string;
  key: string;
  fileName: string;
  createdAt: string;
  /** Epoch seconds: the record (and the file, by the bucket's lifecycle) go after this. */
  expiresAt: number;
  contentType?: string;
  /** The plan's largest input when the upload was made (older records: none). */
  maxBytes?: number;
  /** The size the caller announced; a multipart upload must add up to it. */
  declaredSize?: number;
  /** Present when the file comes in parts. */
  multipart?: { uploadId: string; partSize: number; partCount: number };
  /** Absent on older records: a single PUT, usable once its file is there. */
  status?: 'pending' | 'completed' | 'aborted';
  /** Bytes of the finished file, once known. */
  size?: number;
}

export interface UploadRepository {
  create(record: UploadRecord): Promise<void>;
  get(id: string): Promise<UploadRecord | undefined>;
  /** Only from pending: a finished or aborted upload stays as it ended. */
  finish(id: string, status: 'completed' | 'aborted', size: number | null): Promise<void>;
}

export interface UploadStorage {
  signedUploadUrl(key: string, contentType: string, expiresInSeconds: number, contentLength?: number): Promise<string>;
  /** Bytes stored under `key`; undefined when nothing is there (yet). */
  objectSize(key: string): Promise<number | undefined>;
}

/** How long upload URLs work, and how long the uploaded file can be used. */
export const UPLOAD_URL_SECONDS = 3600;
export const UPLOAD_TTL_SECONDS = 24 * 3600;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newUploadId = () => `upl_${[...randomBytes(24)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;

/** Our storage name; the caller's name is kept only as a label, cleaned. */
const cleanName = (name: string | undefined) =>
  (name ?? '').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(0, 100) || 'upload.bin';

export interface NewUpload {
  fileName?: string;
  contentType: string;
  /** Bytes of the file; required for a multipart upload. */
  size?: number;
  uploadType?: 'single' | 'multipart';
}

export class UploadService {
  constructor(
    private readonly uploads: UploadRepository,
    private readonly storage: UploadStorage,
    private readonly parts: MultipartStorage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Refuses a file over the plan's limit before a byte is sent; a large one gets a multipart upload. */
  async create(userId: string, tier: Tier, request: NewUpload): Promise<UploadView> {
    const maxBytes = MAX_INPUT_BYTES[tier];
    const { size } = request;
    if (size !== undefined && size > maxBytes) throw tooLarge(size, maxBytes, 'size');
    const type = request.uploadType ?? (size !== undefined && size > MULTIPART_THRESHOLD_BYTES ? 'multipart' : 'single');
    if (type === 'multipart' && size === undefined) {
      throw new ValidationError('is required for a multipart upload', { param: 'size', hint: 'Send the file size in bytes.' });
    }
    if (type === 'single' && size !== undefined && size > SINGLE_PUT_MAX_BYTES) {
      throw new ValidationError(`A single PUT takes at most ${formatBytes(SINGLE_PUT_MAX_BYTES)}.`, { param: 'upload_type', hint: 'Use upload_type=multipart.' });
    }
    const at = this.now();
    const id = newUploadId();
    const name = cleanName(request.fileName);
    const key = `uploads/${userId}/${id}/${name}`;
    const multipart = type === 'multipart' && size !== undefined
      ? { uploadId: await this.parts.start(key, request.contentType), ...planParts(size, partSizeFor(size)) }
      : undefined;
    const record: UploadRecord = {
      id,
      userId,
      key,
      fileName: name,
      contentType: request.contentType,
      createdAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + UPLOAD_TTL_SECONDS,
      maxBytes,
      status: 'pending',
      ...(size !== undefined ? { declaredSize: size } : {}),
      ...(multipart ? { multipart } : {}),
    };
    await this.uploads.create(record);
    if (multipart) {
      const first = Array.from({ length: Math.min(PART_URL_BATCH, multipart.partCount) }, (_, i) => i + 1);
      return toUploadView(record, at, { partUrls: await this.signParts(record, first) });
    }
    const url = await this.storage.signedUploadUrl(key, request.contentType, UPLOAD_URL_SECONDS, size);
    return toUploadView(record, at, { uploadUrl: url });
  }

  /** The caller's own upload, or 404 as for one that does not exist. */
  async own(userId: string, fileId: string, param = 'file_id'): Promise<UploadRecord> {
    const record = await this.uploads.get(fileId);
    if (!record || record.userId !== userId || record.expiresAt * 1000 <= this.now().getTime()) {
      throw new NotFoundError(`No upload with file_id ${fileId.slice(0, 40)} (it may have expired).`, { param, hint: 'Create a new one with POST /uploads.' });
    }
    return record;
  }

  /** Presigned part URLs of a multipart upload, for the parts named. */
  async signParts(record: UploadRecord, partNumbers: readonly number[]): Promise<{ part_number: number; upload_url: string }[]> {
    const multipart = record.multipart;
    if (!multipart) return [];
    return Promise.all(
      partNumbers.map(async (n) => ({ part_number: n, upload_url: await this.parts.signPart(record.key, multipart.uploadId, n, UPLOAD_URL_SECONDS) })),
    );
  }

  /** The stored input behind a file_id of this user; someone else's id is indistinguishable from a missing one. */
  async resolve(userId: string, fileId: string, role: InputRole, param: string): Promise<{ role: InputRole; key: string; fileName: string; size: number }> {
    const record = await this.own(userId, fileId, param);
    if (record.status === 'aborted') throw new ConflictError(`The upload ${fileId} was aborted.`, { param, hint: 'Create a new one with POST /uploads.' });
    if (record.multipart && record.status !== 'completed') {
      throw new ConflictError(`The multipart upload ${fileId} is not complete.`, { param, hint: `Send every part, then POST /uploads/${fileId}/complete.` });
    }
    const size = await this.storage.objectSize(record.key);
    if (size === undefined || size === 0) {
      throw new ConflictError(`The upload ${fileId} has no file yet.`, { param, hint: 'PUT the file to the upload_url first, then send the request.' });
    }
    if (record.maxBytes !== undefined && size > record.maxBytes) throw tooLarge(size, record.maxBytes, param);
    return { role, key: record.key, fileName: record.fileName, size };
  }
}

export function tooLarge(size: number, maxBytes: number, param: string): PayloadTooLargeError {
  return new PayloadTooLargeError(`The file is ${formatBytes(size)}; your plan takes files of at most ${formatBytes(maxBytes)} (${maxBytes} bytes).`, {
    param,
    hint: 'Send a smaller file, or upgrade for larger ones.',
  });
}
