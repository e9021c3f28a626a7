import { ApiError } from '../../lib/api-client';
import { describeError } from '../../lib/auth-errors';

/** Storage refused the presigned POST; `body` is its answer (S3 answers XML). */
export class StorageUploadError extends Error {
  override readonly name = 'StorageUploadError';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(storageMessage(status, body));
  }
}

/** The picture could not be decoded by the browser (a type it cannot show, or a damaged file). */
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
  constructor() {
    super('unreadable image');
  }
}

function storageMessage(status: number, body: string): string {
  const message = /<Message>([^<]*)<\/Message>/i.exec(body)?.[1]?.trim();
  return message ? `${message} (HTTP ${status})` : `HTTP ${status}: Failed to upload profile picture`;
}

/**
 * spec §8: an upload error that mentions 'Payload too large' or 413 is shown as 'Image file is too large…'.
 * The presigned POST's size policy refuses with 400 EntityTooLarge (S3) or 413 (a gateway): both count.
 */
export function isPictureTooLarge(error: unknown): boolean {
  if (error instanceof StorageUploadError) return error.status === 413 || /EntityTooLarge/i.test(error.body);
  if (error instanceof ApiError && error.status === 413) return true;
  return /payload too large|\b413\b|EntityTooLarge/i.test(describeError(error).message);
}
