import * as z from 'zod';

/** `POST /uploads`: what the upload will be called and the Content-Type its PUT sends. */
export const createUploadSchema = z.strictObject({
  file_name: z.string().trim().min(1).max(200).optional().meta({ description: 'The file name, kept as a label.' }),
  content_type: z
    .string()
    .trim()
    .regex(/^[a-z]+\/[a-z0-9.+-]+$/i, 'must be a media type such as video/mp4')
    .default('application/octet-stream')
    .meta({ description: 'The Content-Type the PUT must send.' }),
});
