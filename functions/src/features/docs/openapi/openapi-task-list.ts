import { METADATA_MAX_KEY_LENGTH, METADATA_MAX_VALUE_LENGTH } from '../../../kernel/contracts/metadata';
import { listTasksQuerySchema, TASK_LIST_MAX_LIMIT } from '../../jobs/contracts/task-list';
import { queryParametersOf } from './openapi-query';
import { commonErrors, errorResponse, rateLimitHeaders } from './openapi-responses';

/** `GET /tasks`: its query parameters from the schema that validates them, and Stripe's list object. */

const KEYED = [{ ApiKey: [] }];
const json = (schema: unknown) => ({ 'application/json': { schema } });

const metadataFilter = {
  name: 'metadata',
  in: 'query',
  required: false,
  style: 'deepObject',
  explode: true,
  description: `Only tasks whose metadata holds this key with exactly this value, written metadata[order_id]=A1. One key at a time (up to ${METADATA_MAX_KEY_LENGTH} characters, the value up to ${METADATA_MAX_VALUE_LENGTH}).`,
  schema: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string', maxLength: METADATA_MAX_VALUE_LENGTH } },
};

export const taskListOperations = {
  '/tasks': {
    get: {
      operationId: 'list_tasks',
      summary: `Your tasks, newest first, a page at a time (20 by default, at most ${TASK_LIST_MAX_LIMIT}): each the same object as GET /task/{id}. Filter by status, operation, creation time and one metadata pair; pass next_cursor as starting_after for the next page. A read: never counts against the per-minute limit.`,
      security: KEYED,
      parameters: [...queryParametersOf(listTasksQuerySchema), metadataFilter],
      responses: {
        '200': { description: 'A page of tasks.', headers: rateLimitHeaders, content: json({ $ref: '#/components/schemas/TaskList' }) },
        '400': errorResponse('A filter is invalid, unknown or sent twice, or starting_after is not a next_cursor or one of your task ids; `param` names it.'),
        ...commonErrors('keyed'),
      },
    },
  },
};

export const taskListSchemas = {
  TaskList: {
    type: 'object',
    required: ['object', 'url', 'data', 'has_more', 'next_cursor'],
    properties: {
      object: { const: 'list' },
      url: { const: '/tasks' },
      data: { type: 'array', items: { $ref: '#/components/schemas/Task' }, description: 'Newest first.' },
      has_more: {
        type: 'boolean',
        description: 'Whether older tasks may follow. With filters a page may hold fewer tasks than limit (even none) while has_more is true: the search goes on from next_cursor.',
      },
      next_cursor: { type: ['string', 'null'], description: 'Send as starting_after for the next (older) page; null on the last one. Opaque: pass it unchanged.' },
    },
  },
};
