import * as z from 'zod';

/** The variables of the callbacks room. */
export const callbacksConfigFields = {
  TABLE_CALLBACK_SECRETS: z.string().min(1),
  /** Callback deliveries: the worker consumes them; the portal queues a resend. */
  QUEUE_CALLBACKS_URL: z.string().min(1),
};
