import { confirmPictureRequestSchema } from '../../contracts/profile';
import { parseJsonBody } from '../../http/json-body';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { pictureService } from '../wiring/pictures';
import { portalOrigin } from '../wiring/portal-origin';

/** `POST /profile-picture/confirm`: the uploaded file is checked, stripped, re-encoded and becomes the picture. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  const { key } = parseJsonBody(event, confirmPictureRequestSchema);
  return json(200, await pictureService().confirm(userId, email ?? '', key));
});
