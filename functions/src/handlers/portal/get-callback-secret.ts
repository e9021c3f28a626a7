import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalHandler } from '../../http/wrap';
import { callbackSecrets, portalOrigin } from '../services';

/** The secret that signs the user's `callback_url` deliveries; the first read creates it. */
export const handler = portalHandler(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  return json(200, { secret: await callbackSecrets().secretFor(userId) }, { 'Cache-Control': 'no-store' });
});
