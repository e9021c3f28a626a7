import { completeUploadSchema, uploadIdSchema } from '../../contracts/requests/upload-request';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { parseJsonBody } from '../../http/json-body';
import { apiKeyPrincipal } from '../../http/request';
import { json } from '../../http/responses';
import { readServices } from '../wiring/keyed-reads';
import { uploadSessions } from '../wiring/media';
import { ownUploadId } from './upload-id';

/** `POST /uploads/{file_id}/complete`: joins the parts into the file; the file_id then works in any endpoint. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const id = ownUploadId(event, uploadIdSchema);
  const body = parseJsonBody(event, completeUploadSchema);
  return json(200, await uploadSessions().complete(userId, id, body.parts));
});
