import * as z from 'zod';
import { MAX_PARTS, MULTIPART_THRESHOLD_BYTES } from './upload-limits';

/** Large enough for any plan's limit, small enough to stay an exact integer in JSON. */
const MAX_DECLARED_BYTES = 5 * 1024 ** 4;

/** `POST /uploads`: what the upload will be called, its Content-Type, and (for large files) its size. */
export const createUploadSchema = z.strictObject({
  file_name: z.string().trim().min(1).max(200).optional().meta({ description: 'The file name, kept as a label.' }),
  content_type: z
    .string()
    .trim()
    .regex(/^[a-z]+\/[a-z0-9.+-]+$/i, 'must be a media type such as video/mp4')
    .default('application/octet-stream')
    .meta({ description: 'The Content-Type the PUT must send.' }),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_DECLARED_BYTES)
    .optional()
    .meta({ description: `The file's size in bytes. Required for a multipart upload; a file over your plan's limit is refused here, before any byte is sent. Above ${MULTIPART_THRESHOLD_BYTES / 1024 ** 2} MiB the upload is multipart unless upload_type says otherwise.` }),
  upload_type: z
    .enum(['single', 'multipart'])
    .optional()
    .meta({ description: 'single: one presigned PUT (up to 5 GiB). multipart: presigned part URLs, resumable (needs size).' }),
});

/** `GET /uploads/{file_id}`: which part URLs to sign, as "101-200" or "3,7". */
export const uploadStatusQuerySchema = z.strictObject({
  part_numbers: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: `Part numbers to sign upload URLs for (at most 100 at once), such as 101-200 or 3,7,9; up to ${MAX_PARTS}.` }),
});

/** `POST /uploads/{file_id}/complete`: the parts as their PUTs answered (optional: without it, every part storage holds). */
export const completeUploadSchema = z.strictObject({
  parts: z
    .array(
      z.strictObject({
        part_number: z.number().int().min(1).max(MAX_PARTS),
        etag: z.string().trim().min(1).max(200).meta({ description: 'The ETag header the part PUT answered.' }),
      }),
    )
    .min(1)
    .max(MAX_PARTS)
    .optional()
    .meta({ description: 'Each part number with the ETag its PUT answered, in order. Leave it out to complete with every part received.' }),
});

/** The id in an upload route's path. */
export const uploadIdSchema = z.string().regex(/^upl_[A-Za-z0-9]{24}$/, 'must be a file_id from POST /uploads');
