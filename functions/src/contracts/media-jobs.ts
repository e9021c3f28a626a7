import { z } from 'zod';

/** Parameters of each processing endpoint, once validated. Shared by API and worker. */
export const cutParamsSchema = z.object({
  /** Seconds from the start of the input. */
  start: z.number().min(0),
  /** Seconds to keep; absent means to the end. */
  duration: z.number().positive().optional(),
});
export type CutParams = z.infer<typeof cutParamsSchema>;

/** A task's id, as the API hands it out and the queue carries it. */
export const taskIdSchema = z.string().uuid();

/** Queue messages, one variant per endpoint; the worker reads the job itself by id. */
export const mediaJobMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cut'), jobId: taskIdSchema, userId: z.string().min(1) }),
]);
export type MediaJobMessage = z.infer<typeof mediaJobMessageSchema>;
export type MediaEndpoint = MediaJobMessage['type'];
