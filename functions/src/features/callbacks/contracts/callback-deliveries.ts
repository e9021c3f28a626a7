import * as z from 'zod';
import { taskIdSchema } from '../../jobs/contracts/task-id';

/** Tries per callback, the first included; after the last failure the delivery is given up. */
export const MAX_CALLBACK_ATTEMPTS = 6;

/** Deliveries the owner may ask for again from the portal, one try each, after the automatic ones. */
export const MAX_CALLBACK_RESENDS = 10;

/**
 * One message on the callbacks queue: one try at delivering a job's
 * callback. A retry is a new message (sent with a delay), not the same one
 * received again, so receive counts only measure our own crashes.
 */
export const callbackDeliveryMessageSchema = z.object({
  jobId: taskIdSchema,
  userId: z.string().min(1),
  attempt: z.number().int().min(1).max(MAX_CALLBACK_ATTEMPTS + MAX_CALLBACK_RESENDS),
  /** Asked for again by the owner: delivered even after an earlier success, one try, never retried. */
  resend: z.literal(true).optional(),
});
export type CallbackDeliveryMessage = z.infer<typeof callbackDeliveryMessageSchema>;
