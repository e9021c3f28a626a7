import { randomBytes } from 'node:crypto';
import type { InputRole } from '../../contracts/media-jobs';
import { ConflictError, NotFoundError } from '../shared/errors';

/** A file uploaded ahead of a request, usable by its owner as `file_id` until it expires. */
export interface UploadRecord {
  id: string;
  userId: string;
  key: string;
  fileName: string;
  createdAt: string;
  /** Epoch seconds: the record (and the file, by the bucket's lifecycle) go after this. */
  expiresAt: number;
}

export interface UploadRepository {
  create(record: UploadRecord): Promise<void>;
  get(id: string): Promise<UploadRecord | undefined>;
}

export interface UploadStorage {
  signedUploadUrl(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** Bytes stored under `key`; undefined when nothing is there (yet). */
  objectSize(key: string): Promise<number | undefined>;
}

/** How long the upload URL works, and how long the uploaded file can be used. */
export const UPLOAD_URL_SECONDS = 3600;
export const UPLOAD_TTL_SECONDS = 24 * 3600;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newUploadId = () => `upl_${[...randomBytes(24)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;

/** Our storage name; the caller's name is kept only as a label, cleaned. */
const cleanName = (name: string | undefined) =>
  (name ?? '').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(0, 100) || 'upload.bin';

export interface UploadTicket {
  file_id: string;
  upload_url: string;
  method: 'PUT';
  headers: Record<string, string>;
  url_expires_at: string;
  expires_at: string;
}

export class UploadService {
  constructor(
    private readonly uploads: UploadRepository,
    private readonly storage: UploadStorage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(userId: string, fileName: string | undefined, contentType: string): Promise<UploadTicket> {
    const at = this.now();
    const id = newUploadId();
    const name = cleanName(fileName);
    const record: UploadRecord = {
      id,
      userId,
      key: `uploads/${userId}/${id}/${name}`,
      fileName: name,
      createdAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + UPLOAD_TTL_SECONDS,
    };
    await this.uploads.create(record);
    return {
      file_id: id,
      upload_url: await this.storage.signedUploadUrl(record.key, contentType, UPLOAD_URL_SECONDS),
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      url_expires_at: new Date(at.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
      expires_at: new Date(record.expiresAt * 1000).toISOString(),
    };
  }

  /** The stored input behind a file_id of this user; someone else's id is indistinguishable from a missing one. */
  async resolve(userId: string, fileId: string, role: InputRole, param: string): Promise<{ role: InputRole; key: string; fileName: string; size: number }> {
    const record = await this.uploads.get(fileId);
    if (!record || record.userId !== userId || record.expiresAt * 1000 <= this.now().getTime()) {
      throw new NotFoundError(`No upload with file_id ${fileId.slice(0, 40)} (it may have expired).`, { param, hint: 'Create a new one with POST /uploads.' });
    }
    const size = await this.storage.objectSize(record.key);
    if (size === undefined || size === 0) {
      throw new ConflictError(`The upload ${fileId} has no file yet.`, { param, hint: 'PUT the file to the upload_url first, then send the request.' });
    }
    return { role, key: record.key, fileName: record.fileName, size };
  }
}
