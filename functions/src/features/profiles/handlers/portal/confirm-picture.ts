import { confirmPictureRequestSchema } from '../../contracts/profile';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { pictureService } from '../../wiring/pictures';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `POST /profile-picture/confirm`: the uploaded file is checked, stripped, re-encoded and becomes the picture. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  const { key } = parseJsonBody(event, confirmPictureRequestSchema);
  return json(200, await pictureService().confirm(userId, email ?? '', key));
});
