import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { portalOrigin } from '../wiring/portal-origin';
import { subscriptionLookup } from '../wiring/subscriptions';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  return json(200, await subscriptionLookup().forUser(userId), { 'Cache-Control': 'no-store' });
});
