import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { subscriptionLookup } from '../../wiring/subscriptions';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  return json(200, await subscriptionLookup().forUser(userId), { 'Cache-Control': 'no-store' });
});
