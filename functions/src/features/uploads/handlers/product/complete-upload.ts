import { completeUploadSchema, uploadIdSchema } from '../../contracts/upload-request';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../../jobs/wiring/keyed-reads';
import { uploadSessions } from '../../../jobs/wiring/media';
import { ownUploadId } from './upload-id';

/** `POST /uploads/{file_id}/complete`: joins the parts into the file; the file_id then works in any endpoint. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const id = ownUploadId(event, uploadIdSchema);
  const body = parseJsonBody(event, completeUploadSchema);
  return json(200, await uploadSessions().complete(userId, id, body.parts));
});
