import { updateProfileRequestSchema } from '../../contracts/profile';
import { toProfileView } from '../../domain/profile';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { profiles } from '../../wiring/profiles';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `PUT /profile`: Save Profile. The row is the caller's own: a user id in the body is refused as an unknown field. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  const { username } = parseJsonBody(event, updateProfileRequestSchema);
  return json(200, toProfileView(userId, email ?? '', await profiles().update(userId, { username }, new Date().toISOString())));
});
