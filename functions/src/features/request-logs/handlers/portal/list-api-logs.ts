import { LOG_RETENTION_DAYS, listApiLogsQuerySchema, type ListApiLogsResponse } from '../../contracts/api-logs';
import { parseRequest } from '../../../../kernel/http/product/request-validation';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { requestLogs } from '../../wiring/request-logs';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/**
 * `GET /api-logs?limit=&cursor=&key_id=&from=&to=&status=&q=`: the caller's
 * own requests, newest first, a page at a time (50 by default, 100 on the
 * logs page), filtered by key, time, outcome and a request or task id or text.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const query = parseRequest(listApiLogsQuerySchema, { ...(event.queryStringParameters ?? {}) });
  const page = await requestLogs().list(userId, query);
  const response: ListApiLogsResponse = { logs: page.logs, next_cursor: page.next_cursor, retention_days: LOG_RETENTION_DAYS };
  return json(200, response, { 'Cache-Control': 'no-store' });
});
