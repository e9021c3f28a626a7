import { randomUUID } from 'node:crypto';
import { MAX_PICTURE_BYTES, type PictureUploadResponse, type ProfileView } from '../contracts/profile';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../../kernel/domain/errors';
import { toProfileView, type ProfileRepository } from './profile';

/** The pictures bucket: presigned POSTs in, objects out, public URLs through the CDN (a same-origin path locally). */
export interface PictureStorage {
  presignedPost(key: string, contentType: string, maxBytes: number, expiresInSeconds: number): Promise<{ url: string; fields: Record<string, string> }>;
  read(key: string): Promise<Buffer | undefined>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}

/** Decodes an image whatever it claims to be and writes it again as a plain JPEG: no metadata survives. */
export interface ImageProcessor {
  /** Throws NotAnImageError for anything that does not decode as an image. */
  toCleanJpeg(input: Buffer): Promise<Buffer>;
}

export class NotAnImageError extends Error {}

const UPLOAD_SECONDS = 600;

/**
 * Profile pictures (spec decision): the browser posts straight to storage
 * under `incoming/`, then the confirm call checks the content, strips it
 * and stores it at `{userId}/{timestamp}.jpg`; the old picture goes.
 */
export class PictureService {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly storage: PictureStorage,
    private readonly images: ImageProcessor,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createUpload(userId: string, contentType: string): Promise<PictureUploadResponse> {
    const key = `incoming/${userId}/${randomUUID()}`;
    const post = await this.storage.presignedPost(key, contentType, MAX_PICTURE_BYTES, UPLOAD_SECONDS);
    return { ...post, key, max_bytes: MAX_PICTURE_BYTES };
  }

  async confirm(userId: string, email: string, key: string): Promise<ProfileView> {
    // Only the caller's own upload: any other key is indistinguishable from a missing one.
    if (!new RegExp(`^incoming/${escape(userId)}/[0-9a-f-]{36}$`).test(key)) throw new NotFoundError('No such upload.', { param: 'key' });
    const uploaded = await this.storage.read(key);
    if (!uploaded) throw new ConflictError('The picture has not been uploaded yet.', { param: 'key' });
    if (uploaded.length > MAX_PICTURE_BYTES) {
      await this.storage.delete(key);
      throw new PayloadTooLargeError('Image size must be less than 5MB', { param: 'file' });
    }
    let clean: Buffer;
    try {
      clean = await this.images.toCleanJpeg(uploaded);
    } catch (error) {
      await this.storage.delete(key);
      if (error instanceof NotAnImageError) throw new ValidationError('Please upload an image file', { param: 'file' });
      throw error;
    }
    const at = this.now();
    const path = `${userId}/${at.getTime()}.jpg`;
    await this.storage.put(path, clean, 'image/jpeg');
    const previous = (await this.profiles.get(userId))?.profilePicturePath;
    const record = await this.profiles.update(userId, { profilePicturePath: path, profilePictureUrl: this.storage.publicUrl(path) }, at.toISOString());
    await Promise.all([this.storage.delete(key), previous && previous !== path ? this.storage.delete(previous) : undefined]);
    return toProfileView(userId, email, record);
  }

  async remove(userId: string, email: string): Promise<ProfileView> {
    const previous = (await this.profiles.get(userId))?.profilePicturePath;
    const record = await this.profiles.update(userId, { profilePicturePath: null, profilePictureUrl: null }, this.now().toISOString());
    if (previous) await this.storage.delete(previous);
    return toProfileView(userId, email, record);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
