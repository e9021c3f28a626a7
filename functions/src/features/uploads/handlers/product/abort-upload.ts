import { uploadIdSchema } from '../../contracts/upload-request';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../../jobs/wiring/keyed-reads';
import { uploadSessions } from '../../../jobs/wiring/media';
import { ownUploadId } from './upload-id';

/** `DELETE /uploads/{file_id}`: drops the parts received; the file_id stops working. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  return json(200, await uploadSessions().abort(userId, ownUploadId(event, uploadIdSchema)));
});
