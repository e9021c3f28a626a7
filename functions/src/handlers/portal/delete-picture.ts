import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { pictureService } from '../wiring/pictures';
import { portalOrigin } from '../wiring/portal-origin';

/** `DELETE /profile-picture`: the picture is removed from storage and the profile. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  return json(200, await pictureService().remove(userId, email ?? ''));
});
