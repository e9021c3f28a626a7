import { LOG_RETENTION_DAYS, listApiLogsQuerySchema, type ListApiLogsResponse } from '../../contracts/api-logs';
import { parseRequest } from '../../http/product/request-validation';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { requestLogs } from '../wiring/request-logs';
import { portalOrigin } from '../wiring/shared';

/** `GET /api-logs?limit=`: the caller's own requests, newest first (50 by default, 100 on the logs page). */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { limit } = parseRequest(listApiLogsQuerySchema, { ...(event.queryStringParameters ?? {}) });
  const response: ListApiLogsResponse = { logs: await requestLogs().list(userId, limit), retention_days: LOG_RETENTION_DAYS };
  return json(200, response, { 'Cache-Control': 'no-store' });
});
