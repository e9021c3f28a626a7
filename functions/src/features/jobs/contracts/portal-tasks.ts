import * as z from 'zod';
import { taskErrorSchema } from '../../request-logs/contracts/api-logs';
import { TASK_STATUSES } from './task-list';

/**
 * The portal's Tasks page: the signed-in user's tasks as the product API's
 * `GET /tasks` and `GET /task/{id}` answer them (the same task object), and
 * for one task what the page shows besides (its inputs, its parameters, a
 * short-lived link to play and download its output).
 */

const callbackAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});

const outputFileSchema = z.object({ file_id: z.string(), file_name: z.string(), file_size: z.number(), media_type: z.string(), path: z.string() });

export const taskViewSchema = z.object({
  object: z.literal('task'),
  id: z.string(),
  task_id: z.string(),
  endpoint: z.string(),
  status: z.enum(TASK_STATUSES),
  progress: z.number(),
  queue_position: z.number().int().nullable(),
  status_url: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  attempt: z.number().int(),
  completed_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  error: taskErrorSchema.nullable(),
  output: outputFileSchema
    .extend({ file_url: z.string(), duration: z.number().nullable(), expires_at: z.string(), attachments: z.array(outputFileSchema) })
    .nullable(),
  links: z.object({ self: z.string(), download: z.string() }),
  callback: z.object({ url: z.string(), attempts: z.array(callbackAttemptSchema) }).nullable(),
  metadata: z.record(z.string(), z.string()),
  livemode: z.boolean(),
});
export type PortalTaskView = z.infer<typeof taskViewSchema>;

/** `GET /tasks` (portal): a page of the caller's tasks, newest first. */
export const portalTaskListSchema = z.object({
  object: z.literal('list'),
  data: z.array(taskViewSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type PortalTaskList = z.infer<typeof portalTaskListSchema>;

/** One input of a task: an uploaded file's name, or the URL it was fetched from. */
export const taskInputSchema = z.object({ role: z.string(), file_name: z.string(), url: z.string().nullable(), size: z.number() });

/** `GET /tasks/{id}` (portal): the task, its inputs and parameters, and a link to its output while it is kept. */
export const portalTaskDetailSchema = taskViewSchema.extend({
  inputs: z.array(taskInputSchema),
  params: z.record(z.string(), z.unknown()),
  /** A signed link to the output (15 minutes), null when there is none to fetch. */
  download_url: z.string().nullable(),
});
export type PortalTaskDetail = z.infer<typeof portalTaskDetailSchema>;

/** `POST /tasks/{id}/callback`: the delivery is queued; the try shows on the task once made. */
export const callbackResendSchema = z.object({ queued: z.literal(true), attempt: z.number().int() });
export type CallbackResend = z.infer<typeof callbackResendSchema>;
