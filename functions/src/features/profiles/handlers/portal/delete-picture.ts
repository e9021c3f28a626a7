import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { pictureService } from '../../wiring/pictures';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `DELETE /profile-picture`: the picture is removed from storage and the profile. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  return json(200, await pictureService().remove(userId, email ?? ''));
});
