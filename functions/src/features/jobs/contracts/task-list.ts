import * as z from 'zod';
import { JOB_ENDPOINTS } from './product-endpoints';

/**
 * `GET /tasks`: the caller's tasks, newest first, a page at a time, in the
 * manner of Stripe's lists (`object: "list"`, `data`, `has_more`). Where a
 * page ends, `next_cursor` says where the next begins; it is sent back as
 * `starting_after`, which also takes a task id of the caller's (Stripe's
 * habit of passing the last item's id).
 */

export const TASK_LIST_DEFAULT_LIMIT = 20;
export const TASK_LIST_MAX_LIMIT = 100;

export const TASK_STATUSES = ['queued', 'processing', 'completed', 'failed', 'canceled'] as const;

/** The operations a task can come from: the processing endpoints' operation ids, and the voice list's. */
export const TASK_OPERATIONS = [...JOB_ENDPOINTS.map((endpoint) => endpoint.type), 'voices'] as const;

const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time, such as 2026-11-26T10:00:00Z' }).meta({ format: 'date-time' });

/** The query besides `metadata[key]`, which has a name of the caller's making and is read apart. */
export const listTasksQuerySchema = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(TASK_LIST_MAX_LIMIT).default(TASK_LIST_DEFAULT_LIMIT).meta({ description: `Tasks per page, 1 to ${TASK_LIST_MAX_LIMIT}. Default ${TASK_LIST_DEFAULT_LIMIT}.` }),
    starting_after: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,512}$/, 'must be the next_cursor of an earlier page or the id of one of your tasks')
      .optional()
      .meta({ description: 'The next_cursor of the page before (or the id of one of your tasks): the page holds the tasks made before it.' }),
    status: z.enum(TASK_STATUSES).optional().meta({ description: 'Only tasks in this status.' }),
    // The operation id (`cut`) or the task's `endpoint` (`/cut`): either names it.
    operation: z
      .string()
      .transform((value) => value.replace(/^\//, '').replace(/\//g, '_').replace('eleven_voices', 'voices'))
      .pipe(z.enum(TASK_OPERATIONS, { message: `must be one of ${TASK_OPERATIONS.join(', ')}` }))
      .optional()
      .meta({ type: 'string', enum: [...TASK_OPERATIONS], description: 'Only tasks of this operation: its id (cut, merge_urls…) or the task’s endpoint (/cut).' }),
    created_from: instant.optional().meta({ description: 'Only tasks created at or after this instant (ISO 8601).' }),
    created_to: instant.optional().meta({ description: 'Only tasks created at or before this instant (ISO 8601).' }),
  })
  .refine((query) => !query.created_from || !query.created_to || Date.parse(query.created_from) <= Date.parse(query.created_to), {
    message: 'must not be after created_to',
    path: ['created_from'],
  });
