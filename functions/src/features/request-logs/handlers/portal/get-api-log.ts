import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { requestLogs } from '../../wiring/request-logs';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `GET /api-logs/{id}`: one of the caller's own request logs; anyone else's id is a 404. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  return json(200, await requestLogs().getOwned(userId, event.pathParameters?.id ?? ''), { 'Cache-Control': 'no-store' });
});
