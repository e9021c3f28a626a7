import * as z from 'zod';

/**
 * A copy of one signed callback try, as a mirror receives it: where the try
 * went, and the very headers and body it carried (the body as the exact text
 * that was signed, so a receiver of the copy verifies it unchanged).
 */
export const mirroredDeliverySchema = z.object({
  callback_url: z.string().min(1),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type MirroredDelivery = z.infer<typeof mirroredDeliverySchema>;
