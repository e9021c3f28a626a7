import * as z from 'zod';

/**
 * The longest `GET /task/{id}?wait=` holds its answer: well under API
 * Gateway's 29 s, so the answer always leaves in time, and long enough that a
 * client waiting on a long job asks about three times a minute. While it
 * holds, the task is read again at the pace `heldReadAfterMs` gives.
 */
export const TASK_WAIT_MAX_SECONDS = 20;

/** `GET /task/{id}`'s query: other names are left alone, as before `wait` existed (a cache-buster must not break a poll). */
export const getTaskQuerySchema = z.object({
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(TASK_WAIT_MAX_SECONDS)
    .default(0)
    .meta({
      description: `Seconds, 0 to ${TASK_WAIT_MAX_SECONDS}: hold the answer until the task ends or this time passes, whichever is first. A client that waits this way learns of the end at once (within a quarter of a second as it nears) and asks a few times a minute. Default 0: answer at once.`,
    }),
});
