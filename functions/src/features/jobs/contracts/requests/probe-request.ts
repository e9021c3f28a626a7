import * as z from 'zod';
import { fileIdSchema, urlFieldSchema } from './request-fields';

/**
 * `POST /probe`: one file, by the `file_id` of an upload or a task output,
 * or by a public `url`. Which one is present is checked by the service, so
 * that its refusal names the field at fault.
 */
export const probeRequestSchema = z.strictObject({
  file_id: fileIdSchema.optional(),
  url: urlFieldSchema.optional(),
});

export type ProbeRequest = z.infer<typeof probeRequestSchema>;
