import { updateProfileRequestSchema } from '../../contracts/profile';
import { toProfileView } from '../../domain/profiles/profile';
import { parseJsonBody } from '../../http/json-body';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { profiles } from '../wiring/profiles';
import { portalOrigin } from '../wiring/portal-origin';

/** `PUT /profile`: Save Profile. The row is the caller's own: a user id in the body is refused as an unknown field. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  const { username } = parseJsonBody(event, updateProfileRequestSchema);
  return json(200, toProfileView(userId, email ?? '', await profiles().update(userId, { username }, new Date().toISOString())));
});
