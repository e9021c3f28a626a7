import { usageStatsQuerySchema } from '../../contracts/usage-stats';
import { parseRequest } from '../../../../kernel/http/product/request-validation';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { apiKeyService } from '../../../api-keys/wiring/api-keys';
import { liveUsage, requestLogs } from '../../wiring/request-logs';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `GET /stats?since=<local midnight>`: the dashboard's figures, from counters (never a scan of the logs) and the live minute windows and job slots. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { since } = parseRequest(usageStatsQuerySchema, { ...(event.queryStringParameters ?? {}) });
  const keys = await apiKeyService().listActive(userId);
  return json(200, await requestLogs().stats(userId, new Date(since), keys, liveUsage()), { 'Cache-Control': 'no-store' });
});
