import * as z from 'zod';
import { mediaProbeSchema } from '../../../kernel/contracts/media-probe';
import { probeRequestSchema } from '../../jobs/contracts/requests/probe-request';
import { formRequestBody } from './openapi-bodies';
import { commonErrors, errorResponse, rateLimitHeaders } from './openapi-responses';

/** `POST /probe`: its body from the schema that validates it, and the MediaInfo object it answers. */

const KEYED = [{ ApiKey: [] }];

export const probeOperations = {
  '/probe': {
    post: {
      operationId: 'probe',
      summary:
        'Media info of one file, before paying for a job on it: duration, container, size and each stream\'s codec, dimensions, frame rate, sample rate and channels. Send exactly one of file_id (an upload or a task output) or url; only the file\'s headers are read. A read: never counts against the per-minute limit and needs no job slot.',
      security: KEYED,
      requestBody: formRequestBody(probeRequestSchema, true),
      responses: {
        '200': { description: 'What the file holds.', headers: rateLimitHeaders, content: { 'application/json': { schema: { $ref: '#/components/schemas/MediaInfo' } } } },
        '400': errorResponse(
          'Neither or both of file_id and url, a field that is invalid or unknown, a URL refused (an internal address, unreachable, an error status, a server that does not answer Range requests for a large file); `param` names the field.',
        ),
        '404': errorResponse('A file_id that is not yours or has expired.'),
        '409': errorResponse('A file_id whose upload is not complete yet, or whose task has not completed.'),
        '422': errorResponse('`invalid_media`: the file holds no audio or video stream we can read.'),
        ...commonErrors('keyed'),
        '413': errorResponse("The request is over 6 MB once encoded, or the upload behind file_id is larger than your plan's file limit (the message names it)."),
      },
    },
  },
};

const media = z.toJSONSchema(mediaProbeSchema, { io: 'output' }) as Record<string, unknown> & { properties: Record<string, unknown> };
delete media.$schema;

export const probeSchemas = {
  MediaInfo: media,
};
