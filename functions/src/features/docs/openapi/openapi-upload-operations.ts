import { completeUploadSchema, createUploadSchema } from '../../uploads/contracts/upload-request';
import { MAX_INPUT_BYTES, formatBytes } from '../../uploads/contracts/upload-limits';
import { formRequestBody, inputSchema } from './openapi-bodies';
import { commonErrors, errorResponse } from './openapi-responses';

const KEYED = [{ ApiKey: [] }];
const json = (schema: unknown) => ({ 'application/json': { schema } });
const upload = json({ $ref: '#/components/schemas/Upload' });
const fileId = { name: 'file_id', in: 'path', required: true, description: 'The file_id of `POST /uploads`.', schema: { type: 'string', pattern: '^upl_[A-Za-z0-9]{24}$' } };
const limits = `Basic ${formatBytes(MAX_INPUT_BYTES.basic)}, Boost ${formatBytes(MAX_INPUT_BYTES.boost)}, Elite ${formatBytes(MAX_INPUT_BYTES.elite)}`;
const notYours = errorResponse('Not one of your uploads, or it expired (uploads last 24 h).');

/** `POST /uploads` and the multipart upload's status, completion and abort. */
export const uploadOperations = {
  '/uploads': {
    post: {
      operationId: 'create_upload',
      summary: `An upload for a large input: one presigned PUT, or for a file over 100 MiB a resumable multipart upload; and the file_id to use it in any endpoint (yours only, 24 h). Files up to ${limits}.`,
      security: KEYED,
      requestBody: formRequestBody(createUploadSchema, false),
      responses: {
        '201': { description: 'Single: PUT the file to upload_url with the given headers. Multipart: PUT each part_size slice to its part URL, then complete. Then send file_id.', content: upload },
        '400': errorResponse('A field is invalid or unknown, the body is malformed, or it carries a file (this request takes text only); `param` names it.'),
        ...commonErrors('keyed'),
        '413': errorResponse(`\`size\` is over your plan's file limit (${limits}); the message names the limit. Or the request itself is over 6 MB.`),
      },
    },
  },
  '/uploads/{file_id}': {
    get: {
      operationId: 'get_upload',
      summary: 'An upload: its status and, while a multipart upload is open, the parts received (to resume after a dropped connection) and, with part_numbers, freshly signed part URLs.',
      security: KEYED,
      parameters: [
        fileId,
        { name: 'part_numbers', in: 'query', required: false, description: 'Part numbers to sign URLs for, at most 100 at once, such as `101-200` or `3,7`.', schema: { type: 'string', maxLength: 200 } },
      ],
      responses: {
        '200': { description: 'The upload.', content: upload },
        '400': errorResponse('part_numbers is malformed, beyond the upload, asks for more than 100, or the upload is a single PUT.'),
        '404': notYours,
        ...commonErrors('keyed'),
      },
    },
    delete: {
      operationId: 'abort_upload',
      summary: 'Aborts an upload: the parts received are dropped and the file_id stops working.',
      security: KEYED,
      parameters: [fileId],
      responses: {
        '200': { description: 'The upload, aborted.', content: upload },
        '404': notYours,
        '409': errorResponse('The multipart upload is complete already.'),
        ...commonErrors('keyed'),
      },
    },
  },
  '/uploads/{file_id}/complete': {
    post: {
      operationId: 'complete_upload',
      summary: 'Completes a multipart upload: joins the parts into the file, whose file_id then works in any endpoint.',
      security: KEYED,
      parameters: [fileId],
      requestBody: { required: false, content: json(inputSchema(completeUploadSchema)) },
      responses: {
        '200': { description: 'The upload, completed.', content: upload },
        '400': errorResponse('A part has not arrived, is too small (every part but the last holds at least 5 MiB), its ETag does not match, or the parts do not add up to the announced size; `param` is `parts`.'),
        '404': notYours,
        '409': errorResponse('The upload was aborted, or is a single PUT (which needs no completion).'),
        ...commonErrors('keyed'),
        '413': errorResponse(`The parts add up to more than your plan's file limit (${limits}); the upload is aborted.`),
      },
    },
  },
};
