import { uploadIdSchema, uploadStatusQuerySchema } from '../../contracts/upload-request';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { parseRequest } from '../../../../kernel/http/product/request-validation';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../../jobs/wiring/keyed-reads';
import { uploadSessions } from '../../../jobs/wiring/media';
import { ownUploadId } from './upload-id';

/** `GET /uploads/{file_id}`: the upload's status and the parts received; `part_numbers` signs more part URLs. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const query = parseRequest(uploadStatusQuerySchema, { ...(event.queryStringParameters ?? {}) });
  return json(200, await uploadSessions().status(userId, ownUploadId(event, uploadIdSchema), query.part_numbers));
});
