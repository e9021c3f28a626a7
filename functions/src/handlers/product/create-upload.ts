import { createUploadSchema } from '../../contracts/requests/upload-request';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { parseRequest } from '../../http/product/request-validation';
import { parseFormBody } from '../../http/form-body';
import { apiKeyPrincipal } from '../../http/request';
import { json } from '../../http/responses';
import { keyedServices } from '../wiring/keyed';
import { uploadService } from '../wiring/media';

/**
 * `POST /uploads`: a presigned PUT for one large input, and the `file_id`
 * that names it in any endpoint (`file_id`, `video_file_id`…) for 24 hours,
 * for its owner only.
 */
export const handler = keyedEndpoint(keyedServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const body = parseRequest(createUploadSchema, await parseFormBody(event, { maxFileBytes: 0 }));
  return json(201, { object: 'upload', ...(await uploadService().create(userId, body.file_name, body.content_type)) });
});
