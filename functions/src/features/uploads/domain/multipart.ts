import { MAX_PARTS, MIN_PART_BYTES, PART_URL_BATCH } from '../contracts/upload-limits';
import { ValidationError } from '../../../kernel/domain/errors';

/** One part storage holds of an unfinished multipart upload. */
export interface ReceivedPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** Storage's multipart uploads: the parts go from the caller straight to storage by presigned URL. */
export interface MultipartStorage {
  start(key: string, contentType: string): Promise<string>;
  signPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  /** undefined when storage knows no such unfinished upload (completed or aborted). */
  listParts(key: string, uploadId: string): Promise<ReceivedPart[] | undefined>;
  complete(key: string, uploadId: string, parts: readonly { partNumber: number; etag: string }[]): Promise<void>;
  abort(key: string, uploadId: string): Promise<void>;
}

/** Storage refused the list of parts given at completion (a wrong ETag, a part too small). */
export class UploadPartsRejectedError extends Error {
  constructor(
    readonly storageCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadPartsRejectedError';
  }
}

/** The parts of a multipart upload of this size: how many, and how big each but the last is. */
export interface PartPlan {
  partSize: number;
  partCount: number;
}

export function planParts(size: number, partSize: number): PartPlan {
  const partCount = Math.max(1, Math.ceil(size / partSize));
  if (partCount > MAX_PARTS) throw new Error(`${partCount} parts exceed storage's ${MAX_PARTS}`);
  return { partSize, partCount };
}

/**
 * `part_numbers` of a status request: `"1-100"`, `"3,7,9"` or a mix, within
 * the upload's parts and at most one batch at a time.
 */
export function parsePartNumbers(text: string, partCount: number): number[] {
  const numbers = new Set<number>();
  for (const piece of text.split(',')) {
    const match = /^\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?$/.exec(piece);
    const from = Number(match?.[1]);
    const to = Number(match?.[2] ?? match?.[1]);
    if (!match || from < 1 || to < from || to > partCount) {
      throw new ValidationError(`must list part numbers between 1 and ${partCount}, such as 1-100 or 4,9`, { param: 'part_numbers' });
    }
    for (let n = from; n <= to && numbers.size <= PART_URL_BATCH; n += 1) numbers.add(n);
  }
  if (numbers.size > PART_URL_BATCH) {
    throw new ValidationError(`asks for more than ${PART_URL_BATCH} part URLs at once`, { param: 'part_numbers', hint: 'Ask in batches, such as 101-200.' });
  }
  return [...numbers].sort((a, b) => a - b);
}

/**
 * The parts to complete with: the caller's list when given, else every part
 * storage holds. Either way every part 1..partCount must be there, and every
 * part but the last at least S3's 5 MiB, so a gap is named before storage
 * is asked.
 */
export function partsToComplete(
  plan: PartPlan,
  received: readonly ReceivedPart[],
  given: readonly { part_number: number; etag: string }[] | undefined,
): { partNumber: number; etag: string; size: number }[] {
  const held = new Map(received.map((part) => [part.partNumber, part]));
  const chosen = given
    ? given.map((part) => ({ partNumber: part.part_number, etag: normaliseEtag(part.etag), size: held.get(part.part_number)?.size ?? 0 }))
    : [...received].sort((a, b) => a.partNumber - b.partNumber);
  const missing: number[] = [];
  for (let n = 1; n <= plan.partCount; n += 1) if (!chosen.some((part) => part.partNumber === n) || !held.has(n)) missing.push(n);
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ` and ${missing.length - 10} more` : '');
    throw new ValidationError(`Parts ${shown} of ${plan.partCount} have not arrived.`, {
      param: 'parts',
      hint: 'GET /uploads/{file_id} lists the parts received and signs URLs for the rest; PUT them, then complete again.',
    });
  }
  const extra = chosen.find((part) => part.partNumber > plan.partCount);
  if (extra) throw new ValidationError(`Part ${extra.partNumber} is beyond the upload's ${plan.partCount} parts.`, { param: 'parts' });
  const small = chosen.find((part) => part.partNumber < plan.partCount && part.size < MIN_PART_BYTES);
  if (small) {
    throw new ValidationError(`Part ${small.partNumber} holds ${small.size} bytes; every part but the last must hold at least ${MIN_PART_BYTES} bytes.`, {
      param: 'parts',
      hint: `Send each part as part_size bytes of the file, in order.`,
    });
  }
  return chosen;
}

/** S3 answers ETags quoted; callers copy them with or without the quotes. */
export const normaliseEtag = (etag: string): string => `"${etag.trim().replace(/^"|"$/g, '')}"`;
