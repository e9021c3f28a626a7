import { openApiDocumentSchema } from './openapi-schema';

/** A slice of the product API's document, shaped as the server generates it; for the unit tests. */

const flag = { anyOf: [{ type: 'boolean' }, { type: 'number', const: 0 }, { type: 'number', const: 1 }, { type: 'string', enum: ['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'] }] };
const url = { type: 'string', maxLength: 2048, pattern: '^https?:\\/\\/[^\\s]+$', format: 'uri', description: 'A public http(s) URL that answers with the file.' };
const upload = { type: 'string', format: 'binary', description: 'The file itself, as a multipart part.' };
const fileId = { type: 'string', pattern: '^upl_[A-Za-z0-9]{24}$', description: 'A file_id from POST /uploads.' };
const download = { ...flag, description: '1 waits for the result (up to about 25 s) and redirects to it; 0 answers 202 with the task at once. Default 0.' };
const idempotency = { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Retrying with the same key and body answers the first task (kept 24 h).' };
const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const accepted = { description: 'Accepted: the task runs; poll status_url.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Accepted' } } } };
const security = [{ ApiKey: [] }];

const form = (schema: object) => ({ required: true, content: { 'multipart/form-data': { schema }, 'application/json': { schema } } });

export const FIXTURE = openApiDocumentSchema.parse({
  openapi: '3.1.0',
  info: { title: 'FrameForge API', version: '1.0.0' },
  servers: [{ url: 'https://api.example.test/' }],
  'x-plans': [
    { tier: 'basic', name: 'Basic', requests_per_minute: 3 },
    { tier: 'boost', name: 'Boost', requests_per_minute: 5 },
    { tier: 'elite', name: 'Elite', requests_per_minute: null },
  ],
  paths: {
    '/healthz': { get: { operationId: 'healthz', summary: 'Liveness: answers ok.', responses: { '200': { description: 'ok', content: { 'text/plain': { schema: { const: 'ok' } } } } } } },
    '/frame/last': {
      post: {
        operationId: 'frame_last',
        summary: 'The last frame of a video as a JPEG.',
        security,
        parameters: [idempotency],
        requestBody: form({ type: 'object', properties: { file: upload, url, file_id: fileId, jpg_quality: { default: 2, type: 'integer', minimum: 2, maximum: 31 } } }),
        responses: { '200': { description: 'The frame.', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } }, '202': accepted, '400': error('A parameter is missing or invalid.') },
        'x-plans': { beta: false, rules: [] },
      },
    },
    '/crop': {
      post: {
        operationId: 'crop',
        summary: 'Crop the picture to a rectangle.',
        security,
        parameters: [idempotency],
        requestBody: form({
          type: 'object',
          properties: { file: upload, url, file_id: fileId, w: { type: 'integer', minimum: 2, maximum: 7680 }, h: { type: 'integer', minimum: 2, maximum: 7680 }, download },
          required: ['w', 'h'],
        }),
        responses: { '202': accepted, '303': { description: 'With download=1: the result.' }, '400': error('A parameter is missing or invalid.') },
        'x-plans': { beta: false, rules: [] },
      },
    },
    '/merge_urls': {
      post: {
        operationId: 'merge_urls',
        summary: 'Join videos from URLs, with transitions between them.',
        security,
        requestBody: form({
          type: 'object',
          properties: {
            urls: { maxItems: 20, type: 'array', items: url },
            transition: { type: 'string', enum: ['fade', 'wipeleft', 'custom'] },
            duration: { default: 0.5, type: 'number', minimum: 0.05, maximum: 10 },
            download,
          },
        }),
        responses: { '202': accepted },
        'x-plans': { beta: false, rules: [{ param: 'transition', feature: 'Transitions', min_tier: 'boost' }] },
      },
    },
    '/redub_vc': {
      post: {
        operationId: 'redub_vc',
        summary: 'Convert the voice (beta).',
        security,
        requestBody: form({
          type: 'object',
          properties: { video_file: upload, voice_id: { type: 'string', minLength: 1, maxLength: 100 }, bg_source: { default: 'keep', type: 'string', enum: ['keep', 'separate'] } },
          required: ['voice_id'],
        }),
        responses: { '202': accepted },
        'x-plans': {
          beta: true,
          rules: [
            { param: 'voice_id', feature: 'Voice conversion (/redub_vc, beta)', min_tier: 'elite' },
            { param: 'bg_source', feature: 'AI background separation (bg_source=separate)', min_tier: 'elite' },
          ],
        },
      },
    },
    '/captions/auto': {
      post: {
        operationId: 'captions_auto',
        summary: 'Burn captions.',
        security,
        requestBody: form({ type: 'object', properties: { video: upload, style_effects: { anyOf: [{ type: 'array', items: { type: 'string', enum: ['karaoke', 'fade'] } }, { type: 'string' }] } } }),
        responses: { '202': accepted },
        'x-plans': { beta: false, rules: [{ param: 'video', feature: 'Auto captions', min_tier: 'boost' }] },
      },
    },
    '/uploads': {
      post: {
        operationId: 'create_upload',
        summary: 'A presigned PUT for a large input.',
        security,
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', properties: { file_name: { type: 'string' }, content_type: { default: 'application/octet-stream', type: 'string' } } } } } },
        responses: { '201': { description: 'PUT the file.', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/task/{id}': {
      get: {
        operationId: 'get_task',
        summary: 'A task.',
        security,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': { description: 'The task.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Task' } } } } },
      },
    },
    '/file': {
      get: {
        operationId: 'get_file',
        summary: 'One of your output files.',
        security,
        parameters: [{ name: 'path', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '302': { description: 'The file.' }, '404': { description: 'Not one of your outputs.' } },
      },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message', 'param', 'hint'],
            properties: {
              code: { type: 'string', examples: ['invalid_request', 'plan_required', 'rate_limited'], description: 'Stable, for programs.' },
              message: { type: 'string', description: 'Plain words, for people.' },
              param: { type: ['string', 'null'] },
              hint: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
  },
});
