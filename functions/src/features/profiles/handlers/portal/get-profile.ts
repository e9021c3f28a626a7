import { toProfileView } from '../../domain/profile';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { profiles } from '../../wiring/profiles';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `GET /profile`: the caller's own profile, with the spec's defaults until a first save. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  return json(200, toProfileView(userId, email ?? '', await profiles().get(userId)), { 'Cache-Control': 'no-store' });
});
