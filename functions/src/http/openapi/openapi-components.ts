/** The shared parts of the OpenAPI document: the task object, the error body, the key header. */

const errorCodes = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'plan_required',
  'not_found',
  'conflict',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'payload_too_large',
  'rate_limited',
  'upstream_unavailable',
  'internal_error',
];

export const components = {
  securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
  schemas: {
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message', 'param', 'hint'],
          properties: {
            code: { type: 'string', examples: errorCodes, description: 'Stable, for programs. A failed task adds its own codes (e.g. start_out_of_range).' },
            message: { type: 'string', description: 'Plain words, for people.' },
            param: { type: ['string', 'null'], description: 'The parameter or header at fault.' },
            hint: { type: ['string', 'null'], description: 'What to do about it.' },
          },
        },
      },
    },
    Accepted: {
      type: 'object',
      properties: {
        status: { const: 'accepted' },
        message: { const: 'accepted' },
        task_id: { type: 'string', format: 'uuid' },
        status_url: { type: 'string', examples: ['/task/6f1c…'] },
        object: { const: 'task' },
        id: { type: 'string', format: 'uuid' },
        endpoint: { type: 'string' },
        created_at: { type: 'string', format: 'date-time' },
        links: { type: 'object', properties: { self: { type: 'string' }, download: { type: 'string' } } },
      },
    },
    Task: {
      type: 'object',
      properties: {
        object: { const: 'task' },
        id: { type: 'string', format: 'uuid' },
        endpoint: { type: 'string' },
        status: { enum: ['queued', 'processing', 'completed', 'failed', 'canceled'] },
        progress: { type: 'integer', minimum: 0, maximum: 100 },
        queue_position: {
          type: ['integer', 'null'],
          description: "While queued: the task's place among your waiting tasks (1 = next). Jobs beyond your plan's concurrency wait here; they are never refused.",
        },
        created_at: { type: 'string', format: 'date-time' },
        started_at: { type: ['string', 'null'], format: 'date-time' },
        completed_at: { type: ['string', 'null'], format: 'date-time' },
        error: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Error/properties/error' }] },
        output: {
          type: ['object', 'null'],
          properties: {
            file_url: { type: 'string' },
            file_name: { type: 'string' },
            file_size: { type: 'integer' },
            duration: { type: ['number', 'null'] },
            media_type: { type: 'string' },
            expires_at: { type: 'string', format: 'date-time' },
            path: { type: 'string', description: 'Its storage path, for GET /file?path=.' },
            attachments: {
              type: 'array',
              description: 'Further files of the result, e.g. the .ass of /captions/auto with return_ass=1.',
              items: { type: 'object', properties: { file_name: { type: 'string' }, file_size: { type: 'integer' }, media_type: { type: 'string' }, path: { type: 'string' } } },
            },
          },
        },
        callback: {
          type: ['object', 'null'],
          description: 'The callback_url and each delivery attempt.',
          properties: { url: { type: 'string' }, attempts: { type: 'array', items: { type: 'object' } } },
        },
        links: { type: 'object', properties: { self: { type: 'string' }, download: { type: 'string' } } },
      },
    },
  },
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** The errors every keyed endpoint may answer. */
export const keyedErrors = {
  '401': errorResponse('Missing or unknown X-API-Key.'),
  '403': errorResponse('No active subscription.'),
};

export const jobErrors = {
  ...keyedErrors,
  '400': errorResponse('A parameter is missing or invalid; `param` names it.'),
  '403': errorResponse('No active subscription, or a feature of a higher plan (`plan_required`, `param` names it).'),
  '404': errorResponse('A file_id that is not yours or has expired.'),
  '409': errorResponse('An Idempotency-Key reused with another request, or still in use.'),
  '413': errorResponse('The request body is over 6 MB: send large files by URL or POST /uploads.'),
  '422': errorResponse('With download=1: the task failed; the error says why.'),
  '429': {
    ...errorResponse('The key reached its plan limit for this minute; see Retry-After.'),
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds until the window ends.' } },
  },
};

export const rateLimitHeaders = {
  'RateLimit-Policy': { schema: { type: 'string' }, description: 'The key\'s limit, e.g. `"minute";q=3;w=60` (not sent on Elite, which has no limit).' },
  RateLimit: { schema: { type: 'string' }, description: 'What is left in the window, e.g. `"minute";r=2;t=41`.' },
};
