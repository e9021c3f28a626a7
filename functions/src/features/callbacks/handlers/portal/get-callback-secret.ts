import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { callbackSecrets } from '../../wiring/callback-secrets';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** The secret that signs the user's `callback_url` deliveries; the first read creates it. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  return json(200, { secret: await callbackSecrets().secretFor(userId) }, { 'Cache-Control': 'no-store' });
});
