import { pictureUploadRequestSchema } from '../../contracts/profile';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { pictureService } from '../../wiring/pictures';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `POST /profile-picture/upload`: a presigned POST for one image of at most 5 MB, into the caller's own upload area. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { content_type } = parseJsonBody(event, pictureUploadRequestSchema);
  return json(200, await pictureService().createUpload(userId, content_type), { 'Cache-Control': 'no-store' });
});
