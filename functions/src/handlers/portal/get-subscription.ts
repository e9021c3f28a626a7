import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalHandler } from '../../http/wrap';
import { portalOrigin, subscriptionLookup } from '../services';

export const handler = portalHandler(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  return json(200, await subscriptionLookup().forUser(userId), { 'Cache-Control': 'no-store' });
});
