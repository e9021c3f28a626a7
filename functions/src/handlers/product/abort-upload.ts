import { uploadIdSchema } from '../../contracts/requests/upload-request';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { apiKeyPrincipal } from '../../http/request';
import { json } from '../../http/responses';
import { readServices } from '../wiring/keyed-reads';
import { uploadSessions } from '../wiring/media';
import { ownUploadId } from './upload-id';

/** `DELETE /uploads/{file_id}`: drops the parts received; the file_id stops working. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  return json(200, await uploadSessions().abort(userId, ownUploadId(event, uploadIdSchema)));
});
