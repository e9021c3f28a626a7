import { getTaskQuerySchema, TASK_WAIT_MAX_SECONDS } from '../../jobs/contracts/task-wait';
import { VOICE_KEY_DESCRIPTION } from '../../jobs/contracts/voices';
import { commonErrors, errorResponse, rateLimitHeaders } from './openapi-responses';
import { queryParametersOf } from './openapi-query';
import { taskListOperations } from './openapi-task-list';
import { uploadOperations } from './openapi-upload-operations';

/** The operations besides the processing endpoints: public ones, the account, uploads, tasks and files. */

/** Anyone may call it: no key. */
export const PUBLIC = [];
export const KEYED = [{ ApiKey: [] }];

const json = (schema: unknown) => ({ 'application/json': { schema } });
const taskId = { name: 'id', in: 'path', required: true, description: "The task's id: task_id of the 202 answer.", schema: { type: 'string', format: 'uuid' } };
const redirectTo = (description: string) => ({
  description,
  headers: { Location: { required: true, description: 'A signed URL of the file, valid for 15 minutes.', schema: { type: 'string', format: 'uri' } } },
});

export const otherOperations = {
  '/healthz': {
    get: {
      operationId: 'healthz',
      summary: 'Liveness: answers ok.',
      security: PUBLIC,
      responses: { '200': { description: 'ok', content: { 'text/plain': { schema: { const: 'ok' } } } }, ...commonErrors('public') },
    },
  },
  '/': {
    get: {
      operationId: 'index',
      summary: 'The API name and its endpoints.',
      security: PUBLIC,
      responses: { '200': { description: 'The index.', content: json({ $ref: '#/components/schemas/Index' }) }, ...commonErrors('public') },
    },
  },
  '/openapi.json': {
    get: {
      operationId: 'openapi',
      summary: 'This document.',
      security: PUBLIC,
      responses: { '200': { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) }, ...commonErrors('public') },
    },
  },
  '/account': {
    get: {
      operationId: 'account',
      summary: "The calling key's plan and limits.",
      security: KEYED,
      responses: { '200': { description: 'The account.', headers: rateLimitHeaders, content: json({ $ref: '#/components/schemas/Account' }) }, ...commonErrors('keyed') },
    },
  },
  '/eleven/voices': {
    get: {
      operationId: 'voices',
      summary: 'Voices for redub_tts and redub_vc: the voices of your ElevenLabs account, with your X-ElevenLabs-Key (required on the hosted API); a local stack lists its built-in voices without one.',
      security: KEYED,
      parameters: [{ name: 'X-ElevenLabs-Key', in: 'header', required: false, description: VOICE_KEY_DESCRIPTION, schema: { type: 'string', maxLength: 200 } }],
      responses: {
        '200': { description: 'The voices.', headers: rateLimitHeaders, content: json({ $ref: '#/components/schemas/Voices' }) },
        '202': { description: 'The list took longer than about 25 s: poll status_url.', content: json({ $ref: '#/components/schemas/Accepted' }) },
        '400': errorResponse('X-ElevenLabs-Key is missing (the hosted API needs it), empty or too long; the error names it.'),
        '422': errorResponse('The voices could not be listed (e.g. ElevenLabs refused the key); the error says why.'),
        ...commonErrors('counted'),
      },
    },
  },
  ...uploadOperations,
  ...taskListOperations,
  '/task/{id}': {
    get: {
      operationId: 'get_task',
      summary: 'A task: status, progress 0-100, timings, error, output and callback attempts. With `wait`, the answer comes when the task ends (or the wait runs out): no poll lag, few requests.',
      security: KEYED,
      parameters: [taskId, ...queryParametersOf(getTaskQuerySchema)],
      responses: {
        '200': {
          description: 'The task.',
          headers: {
            'Retry-After': {
              description: 'While the task runs: seconds until it is worth asking again. After a `wait` that ran out, ask again with `wait` at once.',
              schema: { type: 'integer', minimum: 1 },
            },
            ...rateLimitHeaders,
          },
          content: json({ $ref: '#/components/schemas/Task' }),
        },
        '400': errorResponse(`\`wait\` is not a whole number of seconds from 0 to ${TASK_WAIT_MAX_SECONDS}; \`param\` names it.`),
        '404': errorResponse('Not one of your tasks.'),
        ...commonErrors('keyed'),
      },
    },
  },
  '/task/{id}/cancel': {
    post: {
      operationId: 'cancel_task',
      summary:
        'Cancels a task: a queued one at once, a running one within 2 seconds (its processing stops and nothing it made is kept). Sends a signed task.canceled event to its callback_url. Canceling again answers the same task. Never counts against the per-minute limit.',
      security: KEYED,
      parameters: [taskId],
      responses: {
        '200': { description: 'The task, canceled (status canceled, with canceled_at).', headers: rateLimitHeaders, content: json({ $ref: '#/components/schemas/Task' }) },
        '404': errorResponse('Not one of your tasks.'),
        '409': errorResponse('`task_already_ended`: the task completed or failed before the cancel; it stays as it ended.'),
        ...commonErrors('keyed'),
      },
    },
  },
  '/task/{id}/download': {
    get: {
      operationId: 'download_task',
      summary: 'Redirects to a short-lived signed URL of the output.',
      security: KEYED,
      parameters: [taskId],
      responses: {
        '302': redirectTo('The output: follow Location.'),
        '404': errorResponse('Not one of your tasks, or its output expired (outputs are kept 7 days).'),
        '409': errorResponse('The task has not completed (or failed): no output yet.'),
        ...commonErrors('keyed'),
      },
    },
  },
  '/file': {
    get: {
      operationId: 'get_file',
      summary: 'One of your output files by its storage path (outputs/…); any other path is 404.',
      security: KEYED,
      parameters: [{ name: 'path', in: 'query', required: true, description: 'The storage path of an output file (output.path of a task).', schema: { type: 'string' } }],
      responses: {
        '302': redirectTo('The file: follow Location.'),
        '400': errorResponse('The path parameter is missing.'),
        '404': errorResponse('Not one of your outputs, or it expired.'),
        ...commonErrors('keyed'),
      },
    },
  },
};
