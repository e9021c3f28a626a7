import { REQUEST_ERROR_CODES } from '../../../kernel/contracts/error-codes';
import { apiKeyScheme } from './openapi-test-keys';

/** The shared parts of the OpenAPI document: the task object, the error body, the key header. */

export const components = {
  securitySchemes: { ApiKey: apiKeyScheme },
  schemas: {
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message', 'param', 'hint'],
          properties: {
            code: { type: 'string', examples: [...REQUEST_ERROR_CODES], description: 'Stable, for programs. A failed task adds its own codes (e.g. start_out_of_range).' },
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
        metadata: { type: 'object', additionalProperties: { type: 'string' }, description: 'The metadata sent with the request, as stored on the task; {} when none was.' },
        links: { type: 'object', properties: { self: { type: 'string' }, download: { type: 'string' } } },
      },
    },
    Account: {
      type: 'object',
      properties: {
        object: { const: 'account' },
        api_key_id: { type: 'string' },
        key_mode: { enum: ['live', 'test'], description: 'test: an ff_test_ key (see the ApiKey scheme).' },
        tier: { enum: ['basic', 'boost', 'elite'], description: "The plan whose features the key has; a test key has every plan's." },
        plan: { type: 'string' },
        subscription_status: { type: 'string' },
        rate_limit: {
          type: 'object',
          properties: { requests_per_minute: { type: ['integer', 'null'], description: "null: no limit (Elite). A test key's own limit for test keys." } },
        },
        test_mode: {
          type: ['object', 'null'],
          description: "A test key's caps; null for a live key.",
          properties: {
            max_output_seconds: { type: 'integer' },
            max_output_height: { type: 'integer' },
            watermark: { type: 'string' },
            concurrent_jobs: { type: 'integer' },
          },
        },
      },
    },
    Upload: {
      type: 'object',
      required: ['object', 'file_id', 'upload_type', 'status', 'file_name', 'size', 'max_size', 'created_at', 'expires_at', 'links'],
      properties: {
        object: { const: 'upload' },
        file_id: { type: 'string', description: 'Send it as file_id, video_file_id, file_ids… (yours only).' },
        upload_type: { enum: ['single', 'multipart'] },
        status: { enum: ['pending', 'completed', 'aborted'], description: 'completed: the file is there and file_id works.' },
        file_name: { type: 'string' },
        size: { type: ['integer', 'null'], description: 'Bytes: as announced, or of the file once it is there.' },
        max_size: { type: ['integer', 'null'], description: "Your plan's largest file, in bytes." },
        created_at: { type: 'string', format: 'date-time' },
        expires_at: { type: 'string', format: 'date-time', description: 'The file_id works until then (24 h).' },
        upload_url: { type: 'string', format: 'uri', description: 'Single: PUT the file here.' },
        method: { const: 'PUT' },
        headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Send these headers with the PUT.' },
        url_expires_at: { type: 'string', format: 'date-time', description: 'The signed URLs of this answer work until then (1 h).' },
        part_size: { type: 'integer', description: 'Multipart: bytes of every part but the last.' },
        part_count: { type: 'integer', description: 'Multipart: how many parts the file is cut into.' },
        part_urls: {
          type: 'array',
          description: 'Multipart: signed PUT URLs, the first 100 on creation, more with `GET /uploads/{file_id}?part_numbers=`. Read each PUT\'s ETag header.',
          items: { type: 'object', properties: { part_number: { type: 'integer' }, upload_url: { type: 'string', format: 'uri' } } },
        },
        parts: {
          type: 'array',
          description: 'Multipart, while open: the parts storage holds.',
          items: { type: 'object', properties: { part_number: { type: 'integer' }, size: { type: 'integer' }, etag: { type: 'string' } } },
        },
        received_bytes: { type: 'integer' },
        links: { type: 'object', properties: { self: { type: 'string' }, complete: { type: 'string' } } },
      },
    },
    Voices: {
      type: 'object',
      properties: {
        object: { const: 'list' },
        voices: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, voice_id: { type: 'string' } } } },
      },
    },
    Index: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        description: { type: 'string' },
        reference: { type: 'string', description: 'Where this document is served.' },
        endpoints: {
          type: 'array',
          items: {
            type: 'object',
            properties: { method: { type: 'string' }, path: { type: 'string' }, auth: { enum: ['X-API-Key', 'none'] }, summary: { type: 'string' } },
          },
        },
      },
    },
    Task: {
      type: 'object',
      properties: {
        object: { const: 'task' },
        id: { type: 'string', format: 'uuid' },
        task_id: { type: 'string', format: 'uuid', description: 'The same as id.' },
        status_url: { type: 'string', description: 'Where to poll it: /task/{id}.' },
        endpoint: { type: 'string' },
        status: { enum: ['queued', 'processing', 'completed', 'failed', 'canceled'] },
        livemode: { type: 'boolean', description: 'false for a task made with a test key (ff_test_): its output is watermarked and capped.' },
        progress: { type: 'integer', minimum: 0, maximum: 100, description: 'Never goes down: a retry goes on from the highest value reached. 100 once completed.' },
        queue_position: {
          type: ['integer', 'null'],
          description: "While queued: the task's place among your waiting tasks (1 = next). Jobs beyond your plan's concurrency wait here; they are never refused.",
        },
        created_at: { type: 'string', format: 'date-time' },
        started_at: { type: ['string', 'null'], format: 'date-time', description: 'When the first attempt started; kept when a failure on our side makes the task try again.' },
        attempt: {
          type: 'integer',
          minimum: 0,
          description: 'The attempt the task is on, or ended in: 1 for the first, 0 before any started. A failure on our side (storage, a worker stopping) is tried again, up to 3 attempts.',
        },
        completed_at: { type: ['string', 'null'], format: 'date-time', description: 'When the task ended: completed, failed or canceled.' },
        canceled_at: { type: ['string', 'null'], format: 'date-time', description: 'When you canceled it (POST /task/{id}/cancel); null otherwise.' },
        error: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Error/properties/error' }] },
        output: {
          type: ['object', 'null'],
          properties: {
            file_id: {
              type: 'string',
              description: 'Send it as file_id, video_file_id, file_ids… of your next request to use this output as its input: no download, no upload (until the output expires).',
            },
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
              items: { type: 'object', properties: { file_id: { type: 'string' }, file_name: { type: 'string' }, file_size: { type: 'integer' }, media_type: { type: 'string' }, path: { type: 'string' } } },
            },
          },
        },
        callback: {
          type: ['object', 'null'],
          description: 'The callback_url and each delivery attempt.',
          properties: {
            url: { type: 'string' },
            attempts: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  attempt: { type: 'integer', minimum: 1, description: '1 for the first try.' },
                  at: { type: 'string', format: 'date-time' },
                  status: { type: ['integer', 'null'], description: "Your receiver's HTTP status; null when it never answered." },
                  ok: { type: 'boolean' },
                  error: { type: ['string', 'null'] },
                  next_attempt_at: { type: ['string', 'null'], format: 'date-time', description: 'When the next try is due; null after a success or the last try.' },
                },
              },
            },
          },
        },
        links: { type: 'object', properties: { self: { type: 'string' }, download: { type: 'string' } } },
        metadata: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'The metadata sent with the request, as sent; {} when none was. The same in GET /tasks and in every callback.',
        },
      },
    },
  },
};
